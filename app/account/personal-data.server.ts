import { eq, getTableColumns, inArray, or, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import {
  accounts,
  agreements,
  auditLog,
  certificateHolders,
  certificates,
  emailOutbox,
  events,
  images,
  institutions,
  participations,
  sessions,
  users,
  volunteerHours,
  volunteerRequests,
  volunteers,
} from "~/db/schema";
import { imageUrl } from "~/images/images.server";

// Columns that are not the person's data: search indexes, and secrets (password hash, tokens,
// image bytes) that stay out of any download.
const { searchText: _u, image: _i, ...userColumns } = getTableColumns(users);
const { searchText: _n, ...institutionColumns } = getTableColumns(institutions);
const { searchText: _e, ...eventColumns } = getTableColumns(events);
const { bytes: _b, ...imageColumns } = getTableColumns(images);
const { token: _t, ...sessionColumns } = getTableColumns(sessions);
const requestColumns = getTableColumns(volunteerRequests);
const participationColumns = getTableColumns(participations);
const agreementColumns = getTableColumns(agreements);
const hoursColumns = getTableColumns(volunteerHours);

/**
 * Everything the platform holds about one person (LGPD art. 18, II: access), as plain data for
 * a JSON download: their user row, profile, credentials and sessions (never the password hash
 * or session tokens), applications sent and received, places taken in events and the people who
 * took places in theirs, hours of volunteering (issue 16), events, images (metadata and address,
 * not the bytes), the e-mails sent to them (subject and dates; bodies may hold one-time links)
 * and audit entries by or about them. Null when the account does not exist.
 */
export async function exportPersonalData(userId: string) {
  const database = db();
  const [user] = await database.select(userColumns).from(users).where(eq(users.id, userId));
  if (!user) return null;
  const [volunteer] = await database.select().from(volunteers).where(eq(volunteers.userId, userId));
  const [institution] = await database
    .select(institutionColumns)
    .from(institutions)
    .where(eq(institutions.userId, userId));
  const applicationsSent = await database
    .select({ ...requestColumns, institutionName: institutions.name })
    .from(volunteerRequests)
    .innerJoin(institutions, eq(institutions.userId, volunteerRequests.institutionId))
    .where(eq(volunteerRequests.volunteerId, userId));
  const applicationsReceived = await database
    .select({ ...requestColumns, volunteerName: users.name })
    .from(volunteerRequests)
    .innerJoin(users, eq(users.id, volunteerRequests.volunteerId))
    .where(eq(volunteerRequests.institutionId, userId));
  const participationsTaken = await database
    .select({ ...participationColumns, eventName: events.name, eventDate: events.eventDate })
    .from(participations)
    .innerJoin(events, eq(events.id, participations.eventId))
    .where(eq(participations.userId, userId));
  const participantsReceived = await database
    .select({ ...participationColumns, eventName: events.name, volunteerName: users.name })
    .from(participations)
    .innerJoin(events, eq(events.id, participations.eventId))
    .innerJoin(users, eq(users.id, participations.userId))
    .where(eq(events.institutionId, userId));
  // Termos de adesão (issue 16, ADR 0049), whole: accepted or to accept, and issued.
  const agreementsSigned = await database
    .select({ ...agreementColumns, institutionName: institutions.name })
    .from(agreements)
    .innerJoin(institutions, eq(institutions.userId, agreements.institutionId))
    .where(eq(agreements.volunteerId, userId));
  const agreementsIssued = await database
    .select({ ...agreementColumns, volunteerName: users.name })
    .from(agreements)
    .innerJoin(users, eq(users.id, agreements.volunteerId))
    .where(eq(agreements.institutionId, userId));
  // Issue 16: hours of volunteering, every status, with the names that make them readable.
  const hours = await database
    .select({ ...hoursColumns, institutionName: institutions.name, eventName: events.name })
    .from(volunteerHours)
    .innerJoin(institutions, eq(institutions.userId, volunteerHours.institutionId))
    .leftJoin(events, eq(events.id, volunteerHours.eventId))
    .where(eq(volunteerHours.volunteerId, userId))
    .orderBy(volunteerHours.workedOn);
  const ownEvents = await database
    .select(eventColumns)
    .from(events)
    .where(eq(events.institutionId, userId));
  const ownImages = await database
    .select(imageColumns)
    .from(images)
    .where(eq(images.ownerId, userId));
  const openSessions = await database
    .select(sessionColumns)
    .from(sessions)
    .where(eq(sessions.userId, userId));
  const credentials = await database
    .select({ providerId: accounts.providerId, createdAt: accounts.createdAt })
    .from(accounts)
    .where(eq(accounts.userId, userId));

  // Certificates (issue 16): the ones the person holds, and for an institution those in its name.
  const { requestKey: _k, ...certificateColumns } = getTableColumns(certificates);
  const withHolder = { ...certificateColumns, volunteerName: certificateHolders.name };
  const certificatesHeld = await database
    .select(withHolder)
    .from(certificates)
    .leftJoin(certificateHolders, eq(certificateHolders.certificateId, certificates.id))
    .where(eq(certificates.volunteerId, userId));
  const certificatesIssued = await database
    .select(withHolder)
    .from(certificates)
    .leftJoin(certificateHolders, eq(certificateHolders.certificateId, certificates.id))
    .where(eq(certificates.institutionId, userId));

  const addresses = [user.email, ...applicationsSent.map((sent) => sent.replyEmail)];
  const emails = await database
    .select({
      to: emailOutbox.to,
      subject: emailOutbox.subject,
      kind: emailOutbox.kind,
      createdAt: emailOutbox.createdAt,
      sentAt: emailOutbox.sentAt,
    })
    .from(emailOutbox)
    .where(
      inArray(
        sql`lower(${emailOutbox.to})`,
        addresses.map((address) => address.toLowerCase()),
      ),
    );

  const relatedIds = [
    userId,
    ...ownEvents.map((event) => event.id),
    ...applicationsSent.map((sent) => sent.id),
    ...applicationsReceived.map((received) => received.id),
  ];
  const audit = await database
    .select()
    .from(auditLog)
    .where(or(eq(auditLog.actorId, userId), inArray(auditLog.targetId, relatedIds)));

  return {
    user,
    credentials,
    sessions: openSessions,
    volunteer: volunteer ?? null,
    institution: institution ?? null,
    applicationsSent,
    applicationsReceived,
    participations: participationsTaken,
    participantsReceived,
    agreements: agreementsSigned,
    agreementsIssued,
    volunteerHours: hours,
    events: ownEvents,
    images: ownImages.map((image) => ({ ...image, url: imageUrl(image.id) })),
    emails,
    auditLog: audit,
    certificates: certificatesHeld,
    certificatesIssued,
  };
}

/** Records that a person downloaded their data (who and when; nothing of the content). */
export async function recordDataExport(userId: string): Promise<void> {
  await db().insert(auditLog).values({
    actorId: userId,
    action: "personal-data.export",
    targetType: "user",
    targetId: userId,
  });
}
