import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthEndpoint } from "better-auth/api";
import { setSessionCookie } from "better-auth/cookies";
import { z } from "zod";

/**
 * Opens a session for an account the sign-up wizard has just created in its own transaction
 * (the wizard holds only the password's hash by then, so it cannot call signInEmail).
 * SERVER_ONLY: reachable through `auth().api` from our actions, never over HTTP.
 */
export const startSessionPlugin = {
  id: "conecta-start-session",
  endpoints: {
    startSessionForNewAccount: createAuthEndpoint(
      "/conecta/start-session",
      { method: "POST", body: z.object({ userId: z.string() }), metadata: { SERVER_ONLY: true } },
      async (ctx) => {
        const user = await ctx.context.internalAdapter.findUserById(ctx.body.userId);
        if (!user) throw new APIError("NOT_FOUND");
        const session = await ctx.context.internalAdapter.createSession(user.id);
        await setSessionCookie(ctx, { session, user });
        return ctx.json({ userId: user.id });
      },
    ),
  },
} satisfies BetterAuthPlugin;
