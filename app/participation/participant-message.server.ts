import { and, eq, inArray, like } from "drizzle-orm";
import { recordAudit } from "~/admin/audit.server";
import { publicConfig } from "~/config/public-config.server";
import { db } from "~/db/client.server";
import { emailOutbox, events, institutions, participations, users } from "~/db/schema";
import { enqueueEmail } from "~/email/outbox.server";
import { AppError } from "~/lib/app-error";
import { isUuid } from "~/lib/uuid";
import { hitRateLimit, rateLimitedError, refundRateLimit } from "~/security/rate-limit.server";
import { institutionMessageEmail } from "./participant-emails.server";
import type { ParticipantMessageInput } from "./participant-message-schema";
import { PARTICIPATION_MESSAGES } from "./participation-messages";

/**
 * Messages to an event's participants, per institution: a few a day is what an event needs
 * (details, a change, a thank-you); more looks like a mailing list run through our sender.
 */
const MESSAGES_PER_INSTITUTION = { limit: 10, windowSeconds: 24 * 60 * 60 };

/**
 * "Enviar mensagem aos participantes": one e-mail per confirmed person (and per waiting person
 * when asked), queued through the outbox in one transaction. The dedupe key carries the form's
 * `sendId`, so a double submit (two taps, a resent post) queues nothing more and is not counted
 * against the limit. Returns how many people it is for and how many e-mails this call queued
 * (0: the same form was sent before).
 */
export async function sendParticipantsMessage(input: {
  institutionId: string;
  /**
   * The member writing (issue 41), named in the e-mail; the institution's own account (its
   * responsible person) when left out.
   */
  author?: { userId: string; name: string };
  eventId: string;
  message: ParticipantMessageInput;
}): Promise<MessageOutcome> {
  const { institutionId, eventId, message } = input;
  if (!isUuid(eventId)) throw new AppError("not-found", PARTICIPATION_MESSAGES.eventNotFound);
  const rateKey = `participants-message:${institutionId}`;
  const limit = await hitRateLimit(rateKey, MESSAGES_PER_INSTITUTION);
  if (!limit.allowed) throw rateLimitedError(limit.retryAfterSeconds);
  let outcome: MessageOutcome;
  try {
    outcome = await queueMessages(institutionId, eventId, message, input.author);
  } catch (error) {
    await refundRateLimit(rateKey, MESSAGES_PER_INSTITUTION);
    throw error;
  }
  // A repeated submit sent nothing: it does not use up the institution's messages.
  if (outcome.repeated) await refundRateLimit(rateKey, MESSAGES_PER_INSTITUTION);
  return outcome;
}

export interface MessageOutcome {
  /** The people it is for. */
  sent: number;
  /** The e-mails this call queued (some addresses may be past their budget, ADR 0068). */
  queued: number;
  /** The same form was sent before: nothing was queued again. */
  repeated: boolean;
}

/** The e-mails, in one transaction; `queued` counts the ones not queued before. */
function queueMessages(
  institutionId: string,
  eventId: string,
  message: ParticipantMessageInput,
  author: { userId: string; name: string } | undefined,
) {
  return db().transaction(async (tx) => {
    const [event] = await tx
      .select({
        id: events.id,
        name: events.name,
        status: events.status,
        by: institutions.name,
        responsible: institutions.responsible,
      })
      .from(events)
      .innerJoin(institutions, eq(institutions.userId, events.institutionId))
      .where(and(eq(events.id, eventId), eq(events.institutionId, institutionId)));
    if (!event) throw new AppError("not-found", PARTICIPATION_MESSAGES.eventNotFound);
    if (event.status === "DELETED") {
      throw new AppError("conflict", PARTICIPATION_MESSAGES.eventCancelled);
    }
    const statuses = message.includeWaitlist ? ["CONFIRMED", "WAITLISTED"] : ["CONFIRMED"];
    const people = await tx
      .select({ id: participations.id, email: users.email, name: users.name })
      .from(participations)
      .innerJoin(users, eq(users.id, participations.userId))
      .where(and(eq(participations.eventId, event.id), inArray(participations.status, statuses)));
    if (people.length === 0) {
      throw new AppError("conflict", PARTICIPATION_MESSAGES.nobodyToMessage);
    }
    const url = new URL(`/eventos/${event.id}`, publicConfig().baseUrl).toString();
    let fresh = 0;
    for (const person of people) {
      const added = await enqueueEmail(tx, {
        to: person.email,
        kind: "participants-message",
        sender: institutionId,
        dedupeKey: `participants-message:${message.sendId}:${person.id}`,
        ...institutionMessageEmail({
          name: person.name,
          institutionName: event.by,
          authorName: author?.name ?? event.responsible,
          eventName: event.name,
          subject: message.subject,
          message: message.message,
          url,
        }),
      });
      if (added) fresh += 1;
    }
    // Nothing queued: the same form was sent before (its rows are there), or every address is
    // past its budget, which is no repeat and uses up a message.
    const [earlier] =
      fresh === 0
        ? await tx
            .select({ id: emailOutbox.id })
            .from(emailOutbox)
            .where(like(emailOutbox.dedupeKey, `participants-message:${message.sendId}:%`))
            .limit(1)
        : [];
    const repeated = earlier !== undefined;
    // The subject and who it went to; the body stays out of the trail (it is the people's mail).
    if (!repeated) {
      await recordAudit(tx, {
        actorId: author?.userId ?? institutionId,
        action: "participants.message",
        targetType: "event",
        targetId: event.id,
        details: {
          name: event.name,
          subject: message.subject,
          recipients: people.length,
          includeWaitlist: Boolean(message.includeWaitlist),
        },
      });
    }
    return { sent: people.length, queued: fresh, repeated };
  });
}
