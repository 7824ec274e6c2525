import { and, desc, eq } from "drizzle-orm";
import type { VolunteerRequestStatus } from "~/config/constants";
import { db } from "~/db/client.server";
import { uniqueViolation } from "~/db/errors.server";
import { institutions, users, volunteerRequests, volunteers } from "~/db/schema";
import { enqueueEmail } from "~/email/outbox.server";
import { applicationReceiptEmail, volunteerApplicationEmail } from "~/email/templates.server";
import { imageUrl } from "~/images/images.server";
import { AppError } from "~/lib/app-error";
import { isUuid } from "~/lib/uuid";
import { formatDayInBrazil } from "./application-dates";
import { APPLICATION_MESSAGES } from "./application-messages";

export interface ApplicationTarget {
  id: string;
  name: string;
  city: string;
  state: string;
  logoUrl: string | null;
  contactEmail: string;
}

/** An institution that can receive applications: it exists and is APPROVED. */
export async function findApplicationTarget(
  institutionId: string,
): Promise<ApplicationTarget | null> {
  if (!isUuid(institutionId)) return null;
  const [row] = await db()
    .select({
      id: institutions.userId,
      name: institutions.name,
      city: institutions.city,
      state: institutions.state,
      logo: institutions.profileImageId,
      contactEmail: institutions.contactEmail,
    })
    .from(institutions)
    .where(and(eq(institutions.userId, institutionId), eq(institutions.status, "APPROVED")))
    .limit(1);
  if (!row) return null;
  const { logo, ...target } = row;
  return { ...target, logoUrl: logo ? imageUrl(logo) : null };
}

/** A person's latest application to one institution, as their status line shows it. */
export interface ApplicationStatus {
  status: VolunteerRequestStatus;
  sentOn: string;
}

/**
 * The latest application a person sent to an institution, if any: the institution's page shows
 * its date and state instead of the button while it is pending or accepted.
 */
export async function latestApplication(
  volunteerId: string,
  institutionId: string,
): Promise<ApplicationStatus | null> {
  const [row] = await db()
    .select({ status: volunteerRequests.status, createdAt: volunteerRequests.createdAt })
    .from(volunteerRequests)
    .where(
      and(
        eq(volunteerRequests.volunteerId, volunteerId),
        eq(volunteerRequests.institutionId, institutionId),
      ),
    )
    .orderBy(desc(volunteerRequests.createdAt))
    .limit(1);
  if (!row) return null;
  return {
    status: row.status as VolunteerRequestStatus,
    sentOn: formatDayInBrazil(row.createdAt),
  };
}

/** What the form starts with: the person's e-mail, phone and volunteer summary. */
export async function applicationDefaults(user: { id: string; email: string }) {
  const [row] = await db()
    .select({ phone: users.phone, summary: volunteers.summary })
    .from(users)
    .leftJoin(volunteers, eq(volunteers.userId, users.id))
    .where(eq(users.id, user.id))
    .limit(1);
  return { replyEmail: user.email, phone: row?.phone ?? "", summary: row?.summary ?? "" };
}

/**
 * Stores the application (PENDING) and queues the e-mail to the institution's contact address and
 * the receipt to the person's account e-mail in one transaction: all happen or none does, and the
 * e-mails leave even if SMTP is down now.
 * A second application while one is pending (or a double submit) creates nothing.
 */
export async function applyToInstitution(input: {
  volunteer: { id: string; name: string; email: string };
  institution: ApplicationTarget;
  /** The institution's public page, linked from the receipt. */
  institutionUrl: string;
  replyEmail: string;
  phone: string;
  summary: string;
}): Promise<void> {
  try {
    await db().transaction(async (tx) => {
      const [request] = await tx
        .insert(volunteerRequests)
        .values({
          volunteerId: input.volunteer.id,
          institutionId: input.institution.id,
          replyEmail: input.replyEmail,
          phone: input.phone,
          summary: input.summary,
        })
        .returning({ id: volunteerRequests.id });
      if (!request) throw new Error("volunteer request insert returned nothing");
      await enqueueEmail(tx, {
        to: input.institution.contactEmail,
        kind: "volunteer-application",
        sender: input.volunteer.id,
        dedupeKey: `volunteer-application:${request.id}`,
        ...volunteerApplicationEmail({
          institutionName: input.institution.name,
          institutionEmail: input.institution.contactEmail,
          volunteerName: input.volunteer.name,
          contactEmail: input.replyEmail,
          phone: input.phone,
          resume: input.summary,
        }),
      });
      await enqueueEmail(tx, {
        to: input.volunteer.email,
        kind: "application-receipt",
        sender: input.volunteer.id,
        dedupeKey: `application-receipt:${request.id}`,
        ...applicationReceiptEmail({
          volunteerName: input.volunteer.name,
          institutionName: input.institution.name,
          replyEmail: input.replyEmail,
          phone: input.phone,
          url: input.institutionUrl,
        }),
      });
    });
  } catch (error) {
    // The only unique index a new request can hit is "one pending per person and institution".
    if (uniqueViolation(error) !== null)
      throw new AppError("conflict", APPLICATION_MESSAGES.duplicate);
    throw error;
  }
}
