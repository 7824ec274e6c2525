import { eq, sql } from "drizzle-orm";
import { type HeaderPerson, homePathFor, type SessionUser } from "~/auth/session-user";
import type { InstitutionStatus } from "~/config/constants";
import { db } from "~/db/client.server";
import { preparedQuery } from "~/db/prepared.server";
import { institutions, volunteers } from "~/db/schema";
import { imageUrl } from "~/images/images.server";

export interface ProfileSummary {
  name: string;
  email: string;
  photoUrl: string | null;
  /** Institutions only: where their review stands. */
  institutionStatus: InstitutionStatus | null;
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

/** The header's person (the root loader, /api/sessao): only what the header shows. */
export async function headerPersonOf(user: SessionUser): Promise<HeaderPerson> {
  const { name, email, photoUrl } = await profileSummary(user);
  return { name, email, photoUrl, homePath: homePathFor(user) };
}

// Every signed-in page asks for one of these (ADR 0054).
const volunteerPhoto = preparedQuery("profile_volunteer_photo", () =>
  db()
    .select({ photo: volunteers.photoImageId })
    .from(volunteers)
    .where(eq(volunteers.userId, sql.placeholder("userId")))
    .limit(1),
);
const institutionSummary = preparedQuery("profile_institution_summary", () =>
  db()
    .select({
      name: institutions.name,
      photo: institutions.profileImageId,
      status: institutions.status,
    })
    .from(institutions)
    .where(eq(institutions.userId, sql.placeholder("userId")))
    .limit(1),
);

async function lookUp(user: SessionUser): Promise<ProfileSummary> {
  const base = { name: user.name, email: user.email, photoUrl: null, institutionStatus: null };
  if (user.role !== "USER") return base;
  if (user.profile === "VOLUNTEER") {
    const [row] = await volunteerPhoto().execute({ userId: user.id });
    return { ...base, photoUrl: row?.photo ? imageUrl(row.photo) : null };
  }
  const [row] = await institutionSummary().execute({ userId: user.id });
  return {
    ...base,
    name: row?.name ?? user.name,
    photoUrl: row?.photo ? imageUrl(row.photo) : null,
    institutionStatus: (row?.status as InstitutionStatus | undefined) ?? null,
  };
}
