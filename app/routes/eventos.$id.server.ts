import type { SessionUser } from "~/auth/session-user";
import { publicConfig } from "~/config/public-config.server";
import { isAppError } from "~/lib/app-error";
import { cancelParticipation, joinEvent } from "~/participation/participation.server";
import { PARTICIPATION_MESSAGES } from "~/participation/participation-messages";
import { eventSignInPath } from "~/participation/participation-view";
import { redirectWithFlash } from "~/web/flash.server";
import { readFormData } from "~/web/read-form-data.server";
import { redirect } from "~/web/redirect.server";

/**
 * The event page's posts (issue 15): "participar" takes a place or a spot on the waitlist,
 * "cancelar" leaves. Every answer is a redirect back to the page with a flash message, so a
 * reload never posts again. Anonymous posts go to the sign-in page, which brings the person back.
 */
export async function participationAction(
  request: Request,
  eventId: string,
  user: SessionUser | null,
): Promise<Response> {
  const page = `/eventos/${eventId}`;
  if (!user) throw redirect(eventSignInPath(eventId));
  if (user.profile !== "VOLUNTEER" || user.role !== "USER") {
    return redirectWithFlash(page, PARTICIPATION_MESSAGES.volunteersOnly, "error");
  }
  const intent = (await readFormData(request)).get("intent");
  try {
    if (intent === "participar") {
      const status = await joinEvent({ eventId, userId: user.id });
      const message =
        status === "CONFIRMED"
          ? PARTICIPATION_MESSAGES.confirmed
          : PARTICIPATION_MESSAGES.waitlisted;
      return redirectWithFlash(page, message, "success");
    }
    if (intent === "cancelar") {
      const baseUrl = publicConfig().baseUrl;
      await cancelParticipation({
        eventId,
        userId: user.id,
        eventUrl: (id) => new URL(`/eventos/${id}`, baseUrl).toString(),
      });
      return redirectWithFlash(page, PARTICIPATION_MESSAGES.cancelled, "success");
    }
  } catch (error) {
    if (!isAppError(error)) throw error;
    if (error.code === "not-found") throw new Response(null, { status: 404 });
    return redirectWithFlash(page, error.message, "error");
  }
  return redirectWithFlash(page, PARTICIPATION_MESSAGES.unknownIntent, "error");
}
