import { eq, getTableColumns, inArray, or, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import {
  accounts,
  auditLog,
  emailOutbox,
  events,
  images,
  institutions,
  sessions,
  users,
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

/**
 * Everything the platform holds about one person (LGPD art. 18, II: access), as plain data for
 * a JSON download: their user row, profile, credentials and sessions (never the password hash
 * or session tokens), applications sent and received, events, images (metadata and address,
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
    events: ownEvents,
    images: ownImages.map((image) => ({ ...image, url: imageUrl(image.id) })),
    emails,
    auditLog: audit,
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
