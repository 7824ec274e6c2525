import { eq, sql } from "drizzle-orm";
import type { SessionUser } from "~/auth/session-user";
import type { InstitutionStatus } from "~/config/constants";
import { db } from "~/db/client.server";
import { preparedQuery } from "~/db/prepared.server";
import { institutionMembers, institutions, users, volunteers } from "~/db/schema";
import { imageUrl } from "~/images/images.server";

export interface ProfileSummary {
  name: string;
  email: string;
  photoUrl: string | null;
  /** Institutions only: where their review stands. */
  institutionStatus: InstitutionStatus | null;
  /** How many institution teams the person is on (issue 41): the header offers a switch. */
  teams: number;
}

/**
 * Summaries already asked for in this request: the root loader (header) and a home's loader
 * both want it, and the session middleware makes one SessionUser object per request, so keying
 * on that object shares one lookup between them and forgets it with the request.
 */
const asked = new WeakMap<SessionUser, Promise<ProfileSummary>>();

/** Name, e-mail and photo of the signed-in person (header, homes); one indexed lookup a request. */
export function profileSummary(user: SessionUser): Promise<ProfileSummary> {
  let summary = asked.get(user);
  if (!summary) {
    summary = lookUp(user);
    asked.set(user, summary);
    // A failed lookup is not kept: the next caller in the request asks the database again.
    summary.catch(() => asked.delete(user));
  }
  return summary;
}

/** Keeps a summary already read (by the session reader) for the rest of `user`'s request. */
export function rememberProfileSummary(user: SessionUser, summary: ProfileSummary): void {
  asked.set(user, Promise.resolve(summary));
}

/**
 * What the summary reads of the person's profile row, joined to `users` by user id (a volunteer
 * has a volunteers row, an institution an institutions row; an admin neither). The session
 * reader selects the same columns with the session (ADR 0055), so a signed-in page's header
 * costs no statement of its own.
 */
export const profileColumns = {
  teams: sql<number>`(select count(*)::int from ${institutionMembers} where ${institutionMembers.userId} = ${users.id})`,
  volunteerPhoto: volunteers.photoImageId,
  institutionName: institutions.name,
  institutionPhoto: institutions.profileImageId,
  institutionStatus: institutions.status,
};

export type ProfileRow = {
  [Key in Exclude<keyof typeof profileColumns, "teams">]: string | null;
} & { teams: number };

// Every signed-in page asks for one of these (ADR 0054) unless the session reader brought it.
const profileRow = preparedQuery("profile_summary", () =>
  db()
    .select(profileColumns)
    .from(users)
    .leftJoin(volunteers, eq(volunteers.userId, users.id))
    .leftJoin(institutions, eq(institutions.userId, users.id))
    .where(eq(users.id, sql.placeholder("userId")))
    .limit(1),
);

async function lookUp(user: SessionUser): Promise<ProfileSummary> {
  if (user.role !== "USER") return summaryFrom(user, undefined);
  const [row] = await profileRow().execute({ userId: user.id });
  return summaryFrom(user, row);
}

/** The summary of `user` from their profile row (none for an admin). */
export function summaryFrom(user: SessionUser, row: ProfileRow | undefined): ProfileSummary {
  const base = {
    name: user.name,
    email: user.email,
    photoUrl: null,
    institutionStatus: null,
    teams: row?.teams ?? 0,
  };
  if (user.role !== "USER") return base;
  if (user.profile === "VOLUNTEER") {
    return { ...base, photoUrl: row?.volunteerPhoto ? imageUrl(row.volunteerPhoto) : null };
  }
  return {
    ...base,
    name: row?.institutionName ?? user.name,
    photoUrl: row?.institutionPhoto ? imageUrl(row.institutionPhoto) : null,
    institutionStatus: (row?.institutionStatus as InstitutionStatus | null | undefined) ?? null,
  };
}
