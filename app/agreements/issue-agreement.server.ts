import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { env } from "~/config/env.server";
import type { Transaction } from "~/db/client.server";
import {
  agreements,
  events,
  institutions,
  participations,
  users,
  volunteerRequests,
  volunteers,
} from "~/db/schema";
import { enqueueEmail } from "~/email/outbox.server";
import { todayInBrazil } from "~/events/event-dates";
import { isMinor } from "~/guardians/age";
import { asOneLine } from "~/lib/plain-text";
import { agreementIssuedEmail } from "./agreement-emails.server";
import {
  type AgreementParties,
  activityName,
  buildAgreementText,
  TEMPLATE_VERSION,
} from "./agreement-template";
import { sendGuardianAgreementLink } from "./guardian-link.server";

/**
 * Issuing a termo de adesão (issue 16, ADR 0049), inside the transaction that accepts an
 * application or confirms a place: the text is rendered once from the template and stored with
 * its SHA-256; the volunteer is e-mailed a link to accept it and, under 18, the guardian a link
 * to consent. Unique per source: a retried decision or a rejoined event issues nothing new.
 */

type Source =
  | { kind: "APPLICATION"; requestId: string }
  | { kind: "EVENT"; participationId: string };

export function sha256(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex");
}

/** An institution accepted this application (application-decisions.server.ts). */
export function issueApplicationAgreement(tx: Transaction, requestId: string, now = new Date()) {
  return issueAgreement(tx, { kind: "APPLICATION", requestId }, now);
}

/** This participation holds a confirmed place (participation.server.ts). */
export function issueEventAgreement(tx: Transaction, participationId: string, now = new Date()) {
  return issueAgreement(tx, { kind: "EVENT", participationId }, now);
}

/** The parties' columns, read with the source in one query (this runs under the event's lock). */
const parties = {
  volunteerName: users.name,
  volunteerEmail: users.email,
  birthDate: volunteers.birthDate,
  guardianName: volunteers.guardianName,
  guardianEmail: volunteers.guardianEmail,
  institution: {
    name: institutions.name,
    cnpj: institutions.cnpj,
    street: institutions.street,
    number: institutions.number,
    complement: institutions.complement,
    neighborhood: institutions.neighborhood,
    city: institutions.city,
    state: institutions.state,
    representativeName: institutions.representativeName,
    representativeRole: institutions.representativeRole,
  },
};

async function sourceOf(tx: Transaction, source: Source, today: string) {
  if (source.kind === "APPLICATION") {
    const [row] = await tx
      .select({
        ...parties,
        volunteerId: volunteerRequests.volunteerId,
        institutionId: volunteerRequests.institutionId,
      })
      .from(volunteerRequests)
      .innerJoin(users, eq(users.id, volunteerRequests.volunteerId))
      .leftJoin(volunteers, eq(volunteers.userId, volunteerRequests.volunteerId))
      .innerJoin(institutions, eq(institutions.userId, volunteerRequests.institutionId))
      .where(eq(volunteerRequests.id, source.requestId));
    if (!row) return null;
    const activity: AgreementParties["activity"] = { kind: "APPLICATION", since: today };
    return { ...row, activity };
  }
  const [row] = await tx
    .select({
      ...parties,
      volunteerId: participations.userId,
      institutionId: events.institutionId,
      event: {
        name: events.name,
        date: events.eventDate,
        startTime: events.startTime,
        endTime: events.endTime,
        format: events.format,
        street: events.street,
        number: events.number,
        complement: events.complement,
        neighborhood: events.neighborhood,
        city: events.city,
        state: events.state,
      },
    })
    .from(participations)
    .innerJoin(events, eq(events.id, participations.eventId))
    .innerJoin(users, eq(users.id, participations.userId))
    .leftJoin(volunteers, eq(volunteers.userId, participations.userId))
    .innerJoin(institutions, eq(institutions.userId, events.institutionId))
    .where(eq(participations.id, source.participationId));
  if (!row) return null;
  const { event, ...rest } = row;
  const complement = event.complement ? `, ${event.complement}` : "";
  const activity: AgreementParties["activity"] = {
    kind: "EVENT",
    name: event.name,
    date: event.date,
    startTime: event.startTime,
    endTime: event.endTime,
    place:
      event.format === "ONLINE"
        ? null
        : `${event.street}, ${event.number}${complement}, ${event.neighborhood}, ${event.city}/${event.state}`,
  };
  return { ...rest, activity };
}

async function issueAgreement(tx: Transaction, source: Source, now: Date): Promise<string | null> {
  const today = todayInBrazil(now);
  const found = await sourceOf(tx, source, today);
  if (!found) throw new Error(`agreement source ${JSON.stringify(source)} not found`);
  const { representativeName, representativeRole, ...institution } = found.institution;
  // Copied into the termo as it is today: a later change to the profile never alters it.
  const representative =
    representativeName && representativeRole
      ? { name: asOneLine(representativeName), role: asOneLine(representativeRole) }
      : null;
  const volunteer = {
    name: found.volunteerName,
    email: found.volunteerEmail,
    birthDate: found.birthDate,
    guardianName: found.guardianName,
    guardianEmail: found.guardianEmail,
  };
  const minor = isMinor(volunteer.birthDate ?? null, today);
  const guardian =
    minor && volunteer.guardianName && volunteer.guardianEmail
      ? { name: volunteer.guardianName, email: volunteer.guardianEmail }
      : null;
  const body = buildAgreementText({
    volunteer: {
      name: volunteer.name,
      email: volunteer.email,
      birthDate: volunteer.birthDate ?? null,
      guardian,
    },
    institution: { ...institution, representative },
    activity: found.activity,
    issuedOn: today,
    appName: env().APP_NAME,
  });
  const activity = activityName(found.activity);
  const [inserted] = await tx
    .insert(agreements)
    .values({
      volunteerId: found.volunteerId,
      institutionId: found.institutionId,
      kind: source.kind,
      requestId: source.kind === "APPLICATION" ? source.requestId : null,
      participationId: source.kind === "EVENT" ? source.participationId : null,
      activity,
      templateVersion: TEMPLATE_VERSION,
      body,
      bodySha256: sha256(body),
      guardianRequired: minor,
      guardianName: guardian?.name ?? null,
      guardianEmail: guardian?.email ?? null,
      representativeName: representative?.name ?? null,
      representativeRole: representative?.role ?? null,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: agreements.id });
  if (!inserted) return null;
  await enqueueEmail(tx, {
    to: volunteer.email,
    kind: "agreement-issued",
    sender: null,
    dedupeKey: `agreement-issued:${inserted.id}`,
    ...agreementIssuedEmail({
      name: volunteer.name,
      institutionName: institution.name,
      activity,
      guardianNeeded: guardian !== null,
      url: new URL(`/app/termos/${inserted.id}`, env().BASE_URL).toString(),
    }),
  });
  if (guardian) {
    await sendGuardianAgreementLink(tx, {
      agreementId: inserted.id,
      volunteerId: found.volunteerId,
      volunteerName: volunteer.name,
      institutionName: institution.name,
      activity,
      guardian,
      now,
      dedupeKey: `guardian-agreement:${inserted.id}`,
      overSenderBudget: "drop",
    });
  }
  return inserted.id;
}
