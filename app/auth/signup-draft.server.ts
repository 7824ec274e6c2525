import { createHash, randomBytes } from "node:crypto";
import { eq, lt } from "drizzle-orm";
import { db } from "~/db/client.server";
import { signupDrafts } from "~/db/schema";
import { cookieAttributes } from "~/lib/cookie-attributes.server";

const COOKIE = "conecta.signup";
const LIFETIME_SECONDS = 60 * 60;

export type SignupDraft = typeof signupDrafts.$inferSelect;
export type DraftChanges = Partial<
  Pick<SignupDraft, "step" | "profileType" | "data" | "passwordHash">
>;

const digest = (token: string) => createHash("sha256").update(token).digest("hex");

function tokenFrom(request: Request): string | null {
  const header = request.headers.get("cookie") ?? "";
  const match = header.match(
    new RegExp(`(?:^|;\\s*)${COOKIE.replace(".", "\\.")}=([A-Za-z0-9_-]{20,})`),
  );
  return match?.[1] ?? null;
}

function cookie(token: string, maxAge: number): string {
  // Path /auth, not /auth/cadastro: React Router fetches the step data from /auth/cadastro.data.
  return `${COOKIE}=${token}; ${cookieAttributes("/auth")}; Max-Age=${maxAge}`;
}

/** The draft this browser is filling in, if it has one that has not expired. */
export async function readDraft(request: Request): Promise<SignupDraft | null> {
  const token = tokenFrom(request);
  if (!token) return null;
  const [draft] = await db()
    .select()
    .from(signupDrafts)
    .where(eq(signupDrafts.id, digest(token)))
    .limit(1);
  if (!draft || draft.expiresAt < new Date()) return null;
  return draft;
}

/**
 * Saves changes to this browser's draft, creating it when needed. Returns the Set-Cookie header
 * that (re)issues the draft cookie, to be sent with the response.
 */
export async function saveDraft(request: Request, changes: DraftChanges): Promise<string> {
  const expiresAt = new Date(Date.now() + LIFETIME_SECONDS * 1000);
  const existing = await readDraft(request);
  const token = existing ? (tokenFrom(request) as string) : randomBytes(24).toString("base64url");
  if (existing) {
    await db()
      .update(signupDrafts)
      .set({ ...changes, expiresAt })
      .where(eq(signupDrafts.id, existing.id));
  } else {
    await db()
      .insert(signupDrafts)
      .values({ id: digest(token), ...changes, expiresAt });
  }
  return cookie(token, LIFETIME_SECONDS);
}

/** Forgets the draft (account created, or the person starts over). */
export async function discardDraft(request: Request): Promise<string> {
  const token = tokenFrom(request);
  if (token)
    await db()
      .delete(signupDrafts)
      .where(eq(signupDrafts.id, digest(token)));
  return cookie("", 0);
}

export async function pruneExpiredDrafts(): Promise<void> {
  await db().delete(signupDrafts).where(lt(signupDrafts.expiresAt, new Date()));
}
