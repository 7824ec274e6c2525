import { and, asc, desc, eq, gte, lt, sql } from "drizzle-orm";
import { issueEventAgreement } from "~/agreements/issue-agreement.server";
import { issueCertificate } from "~/certificates/certificates.server";
import type { Transaction } from "~/db/client.server";
import { agreements, events, participations, volunteerHours } from "~/db/schema";
import { todayInBrazil } from "~/events/event-dates";
import type { DemoPlan } from "./plan-types.server";

/** Confirmed hours per past event in the demo: a morning's work. */
const DEMO_MINUTES = 240;
/** People who take part beside the example volunteer in each chosen event. */
const OTHERS_PER_EVENT = 3;

/** What the demo's story needs once its transaction committed (see issueDemoCertificate). */
export interface DemoRecognition {
  volunteerId: string;
  certifiedEventId: string | null;
}

/**
 * Taking part and recognition in the demo (issues 15 and 16), so that a first start shows them
 * with the documented accounts: the example volunteer (the first planned) holds places in two
 * past events and one upcoming event, preferably the example institution's (the first approved);
 * a few other volunteers take part beside them. Every place has its termo de adesão, as a join
 * issues it (accepted for the past events, waiting for the volunteer in the upcoming one); the
 * past events' hours are confirmed, 4 h each, so nothing is left for the reminders to ask.
 */
export async function writeDemoRecognition(
  tx: Transaction,
  plan: DemoPlan,
  now: Date,
): Promise<DemoRecognition | null> {
  const volunteer = plan.volunteers[0];
  const institution = plan.institutions.find((candidate) => candidate.status === "APPROVED");
  if (!volunteer || !institution) return null;
  const today = todayInBrazil(now);
  // The example institution's events first, then the others', nearest to today first.
  const mineFirst = sql`(${events.institutionId} <> ${institution.userId})`;
  const approved = eq(events.status, "APPROVED");
  const columns = { id: events.id, institutionId: events.institutionId, date: events.eventDate };
  const past = await tx
    .select(columns)
    .from(events)
    .where(and(approved, lt(events.eventDate, today)))
    .orderBy(mineFirst, desc(events.eventDate), asc(events.id))
    .limit(2);
  const upcoming = await tx
    .select(columns)
    .from(events)
    .where(and(approved, gte(events.eventDate, today)))
    .orderBy(mineFirst, asc(events.eventDate), asc(events.id))
    .limit(1);

  const others = plan.volunteers.slice(1);
  const chosen = [...past, ...upcoming];
  for (const [index, event] of chosen.entries()) {
    const people = [
      volunteer,
      ...others.slice(index * OTHERS_PER_EVENT, (index + 1) * OTHERS_PER_EVENT),
    ];
    const isPast = event.date < today;
    // Places were taken some days before the event (or before today, for one ahead).
    const joinedAt = new Date(
      Math.min(now.getTime(), Date.parse(`${event.date}T12:00:00Z`)) - 10 * 86_400_000,
    );
    const rows = await tx
      .insert(participations)
      .values(
        people.map((person) => ({
          eventId: event.id,
          userId: person.userId,
          status: "CONFIRMED",
          joinedAt,
        })),
      )
      .returning({ id: participations.id, userId: participations.userId });
    for (const row of rows) {
      const agreementId = await issueEventAgreement(tx, row.id, joinedAt);
      if (agreementId && isPast) {
        await tx
          .update(agreements)
          .set({
            acceptedAt: new Date(joinedAt.getTime() + 3_600_000),
            acceptedIp: "127.0.0.1",
            acceptedUserAgent: "Dados de demonstração",
          })
          .where(eq(agreements.id, agreementId));
      }
    }
    if (!isPast) continue;
    const decidedAt = new Date(Date.parse(`${event.date}T12:00:00Z`) + 86_400_000);
    await tx.insert(volunteerHours).values(
      rows.map((row) => ({
        volunteerId: row.userId,
        institutionId: event.institutionId,
        kind: "EVENT",
        eventId: event.id,
        workedOn: event.date,
        minutes: DEMO_MINUTES,
        status: "CONFIRMED",
        loggedBy: "INSTITUTION",
        decidedAt,
        decidedBy: event.institutionId,
      })),
    );
  }
  return { volunteerId: volunteer.userId, certifiedEventId: past[0]?.id ?? null };
}

/**
 * The example volunteer's certificate of their latest past event, issued as they would issue it
 * (self-serve, ADR 0052), once the demo's transaction committed: certificates are issued through
 * the database's own connection.
 */
export async function issueDemoCertificate(story: DemoRecognition, now: Date): Promise<void> {
  if (!story.certifiedEventId) return;
  await issueCertificate({
    volunteerId: story.volunteerId,
    target: { scope: "EVENT", id: story.certifiedEventId },
    issuer: { id: story.volunteerId, role: "VOLUNTEER" },
    now,
  });
}
