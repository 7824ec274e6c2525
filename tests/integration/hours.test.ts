import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exportPersonalData } from "~/account/personal-data.server";
import type { Database } from "~/db/client.server";
import { agreements, auditLog, emailOutbox, participations, volunteerRequests } from "~/db/schema";
import { confirmedHoursOf } from "~/hours/confirmed-hours.server";
import { confirmEventHours, findHoursEvent, listEventHours } from "~/hours/event-hours.server";
import { runHoursDueReminders } from "~/hours/hours-due.server";
import { formatMinutes } from "~/hours/hours-format";
import { confirmedMinutesOf, journeyOf, journeyQuery } from "~/hours/journey.server";
import {
  acceptedApplications,
  confirmMonth,
  countPendingHours,
  decideOngoingHours,
  listPendingHours,
  logOngoingHours,
  pendingHoursQuery,
} from "~/hours/ongoing-hours.server";
import { isAppError } from "~/lib/app-error";
import { joinEvent } from "~/participation/participation.server";
import { insertInstitution } from "../helpers/admin-fixtures";
import { insertTermo } from "../helpers/agreement-world";
import type { TestDatabase } from "../helpers/database";
import { type ExplainableQuery, explainPlan } from "../helpers/explain";
import { participationTestbed, type participationWorld } from "../helpers/participation-world";
import { TEST_ORIGIN } from "../helpers/test-origin";

/**
 * Confirmed hours and "Minha jornada" (issue 16, items 3 and 4) on a real database: the
 * institution confirms an event's hours after it starts, volunteers log months of an ongoing
 * activity that the institution approves or declines, only CONFIRMED rows count, and nobody
 * else confirms or sees them.
 */

let database: TestDatabase;
let db: Database;
let institutionId: string;
let otherId: string;
let world: ReturnType<typeof participationWorld>;

const BEFORE = new Date("2026-12-01T12:00:00Z");
// 2026-12-10 09:00 in Brasília is 12:00 UTC: the event has started an hour later.
const AFTER = new Date("2026-12-10T13:00:00Z");
const JOURNEY = `${TEST_ORIGIN}/app/jornada`;
/** When the ongoing applications of these tests were accepted: months from January count. */
const ACCEPTED_ON = new Date("2026-01-15T12:00:00Z");

beforeAll(async () => {
  ({ database, db, institutionId, world } = await participationTestbed({
    name: "Instituto Maré",
    email: "mare-horas@teste.org.br",
  }));
  otherId = await insertInstitution(db, {
    name: "Outra ONG",
    email: "outra-horas@teste.org.br",
    status: "APPROVED",
  });
});

afterAll(async () => {
  await database?.dispose();
});

/** Accepts every termo of these people, as each of them would on "Meus termos" (ADR 0070). */
async function acceptTermos(...people: { id: string }[]) {
  await db
    .update(agreements)
    .set({ acceptedAt: BEFORE, acceptedIp: "127.0.0.1" })
    .where(
      inArray(
        agreements.volunteerId,
        people.map((person) => person.id),
      ),
    );
}

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (isAppError(error)) return error.code;
    throw error;
  }
  throw new Error("expected a refusal");
}

describe("event hours", () => {
  it("confirms 4 h for two participants after the event; each journey shows 4 h", async () => {
    const eventId = await world.event({ places: 10, date: "2026-12-10", name: "Mutirão da Maré" });
    const ana = await world.volunteer("Ana Lima");
    const bia = await world.volunteer("Bia Souza");
    const caio = await world.volunteer("Caio Reis");
    for (const person of [ana, bia, caio]) {
      await joinEvent({ eventId, userId: person.id, now: BEFORE });
    }
    // Caio left: his place was no longer CONFIRMED.
    await db
      .update(participations)
      .set({ status: "CANCELLED" })
      .where(eq(participations.userId, caio.id));
    await acceptTermos(ana, bia, caio);

    const event = await findHoursEvent(institutionId, eventId, AFTER);
    expect(event?.started).toBe(true);
    // 09:00 to 12:00 as the world's events run: prefilled with the event's length.
    expect(event?.defaultMinutes).toBe(180);
    expect((await listEventHours(eventId)).map((person) => person.name)).toEqual([
      "Ana Lima",
      "Bia Souza",
    ]);

    const entries = [ana, bia].map((person) => ({
      userId: person.id,
      present: true as const,
      minutes: 240,
    }));
    expect(
      await refusal(
        confirmEventHours({ institutionId, eventId, entries, journeyUrl: JOURNEY, now: BEFORE }),
      ),
    ).toBe("conflict");
    const saved = await confirmEventHours({
      institutionId,
      eventId,
      entries,
      journeyUrl: JOURNEY,
      now: AFTER,
    });
    expect(saved).toEqual({ confirmed: 2, absent: 0, changed: 2 });

    for (const person of [ana, bia]) {
      const journey = await journeyOf(person.id);
      expect(formatMinutes(journey.totalMinutes)).toBe("4 h");
      expect(journey.byInstitution).toEqual([{ name: "Instituto Maré", minutes: 240 }]);
      expect(journey.byYear).toEqual([{ year: "2026", minutes: 240 }]);
      expect(journey.confirmed[0]).toMatchObject({
        when: "10/12/2026",
        activity: "Mutirão da Maré",
        institutionName: "Instituto Maré",
        minutes: 240,
      });
      expect(await confirmedMinutesOf(person.id)).toBe(240);
      expect(await confirmedHoursOf(db, { volunteerId: person.id })).toEqual([
        expect.objectContaining({
          institutionId,
          kind: "EVENT",
          eventId,
          requestId: null,
          workedOn: "2026-12-10",
          minutes: 240,
          activity: "Mutirão da Maré",
        }),
      ]);
    }
    const mails = await db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.kind, "hours-confirmed"));
    expect(mails.map((mail) => mail.to).sort()).toEqual([ana.email, bia.email].sort());
    expect(mails[0]?.text).toContain("4 h");

    // Sending the same hours again changes nothing and e-mails nobody twice.
    expect(
      await confirmEventHours({ institutionId, eventId, entries, journeyUrl: JOURNEY, now: AFTER }),
    ).toMatchObject({ changed: 0 });

    // Adjusted later: Bia stayed 2 h 30 min, Ana did not come after all.
    await confirmEventHours({
      institutionId,
      eventId,
      entries: [
        { userId: ana.id, present: false },
        { userId: bia.id, present: true, minutes: 150 },
      ],
      journeyUrl: JOURNEY,
      now: AFTER,
    });
    expect((await journeyOf(ana.id)).totalMinutes).toBe(0);
    expect((await journeyOf(ana.id)).others[0]?.status).toBe("ABSENT");
    expect(await confirmedHoursOf(db, { volunteerId: ana.id })).toEqual([]);
    expect((await journeyOf(bia.id)).totalMinutes).toBe(150);
    const audits = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "hours.event-confirm"), eq(auditLog.targetId, eventId)));
    expect(audits).toHaveLength(2);

    // Caio (cancelled) and a stranger cannot be given hours: nothing is saved.
    expect(
      await refusal(
        confirmEventHours({
          institutionId,
          eventId,
          entries: [{ userId: caio.id, present: true, minutes: 60 }],
          journeyUrl: JOURNEY,
          now: AFTER,
        }),
      ),
    ).toBe("not-found");
    expect((await journeyOf(caio.id)).others).toEqual([]);
  });

  it("another institution can neither see nor confirm the event's hours", async () => {
    const eventId = await world.event({ places: null, date: "2026-12-10", startTime: null });
    const dani = await world.volunteer("Dani Alves");
    await joinEvent({ eventId, userId: dani.id, now: BEFORE });
    expect(await findHoursEvent(otherId, eventId, AFTER)).toBeNull();
    expect(await findHoursEvent(institutionId, eventId, AFTER)).toMatchObject({
      defaultMinutes: null,
    });
    expect(
      await refusal(
        confirmEventHours({
          institutionId: otherId,
          eventId,
          entries: [{ userId: dani.id, present: true, minutes: 240 }],
          journeyUrl: JOURNEY,
          now: AFTER,
        }),
      ),
    ).toBe("not-found");
    // Nor can the volunteer confirm their own: they are not the event's institution.
    expect(
      await refusal(
        confirmEventHours({
          institutionId: dani.id,
          eventId,
          entries: [{ userId: dani.id, present: true, minutes: 240 }],
          journeyUrl: JOURNEY,
          now: AFTER,
        }),
      ),
    ).toBe("not-found");
    expect((await journeyOf(dani.id)).totalMinutes).toBe(0);
  });
});

describe("ongoing hours", () => {
  async function acceptedRequest(volunteerId: string, institution = institutionId) {
    const [row] = await db
      .insert(volunteerRequests)
      .values({
        volunteerId,
        institutionId: institution,
        replyEmail: "contato@teste.org.br",
        phone: "5581987654321",
        summary: "Quero ajudar.",
        status: "ACCEPTED",
        decidedAt: ACCEPTED_ON,
      })
      .returning({ id: volunteerRequests.id });
    const requestId = row?.id ?? "";
    // Hours wait for an accepted termo (ADR 0070).
    await insertTermo(db, { volunteerId, institutionId: institution, requestId });
    return requestId;
  }

  it("logs, re-logs while pending, and counts only what the institution approves", async () => {
    const eva = await world.volunteer("Eva Prado");
    const requestId = await acceptedRequest(eva.id);
    expect(await acceptedApplications({ volunteerId: eva.id })).toEqual([
      { requestId, name: "Instituto Maré" },
    ]);
    const month = { requestId, description: "Aulas de reforço" };
    await logOngoingHours({
      ...month,
      volunteerId: eva.id,
      month: "2026-10",
      minutes: 300,
      now: AFTER,
    });
    // The same month again while pending: updated, not duplicated.
    await logOngoingHours({
      ...month,
      volunteerId: eva.id,
      month: "2026-10",
      minutes: 600,
      now: AFTER,
    });
    await logOngoingHours({
      ...month,
      volunteerId: eva.id,
      month: "2026-11",
      minutes: 120,
      now: AFTER,
    });
    expect(
      await refusal(
        logOngoingHours({
          ...month,
          volunteerId: eva.id,
          month: "2027-01",
          minutes: 60,
          now: AFTER,
        }),
      ),
    ).toBe("invalid");

    const pending = (await listPendingHours(institutionId)).filter(
      (row) => row.name === "Eva Prado",
    );
    expect(pending.map((row) => [row.month, row.minutes])).toEqual([
      ["outubro de 2026", 600],
      ["novembro de 2026", 120],
    ]);
    // Pending hours count nowhere.
    expect((await journeyOf(eva.id)).totalMinutes).toBe(0);
    expect((await journeyOf(eva.id)).others).toHaveLength(2);
    expect(await confirmedHoursOf(db, { volunteerId: eva.id })).toEqual([]);

    const [october, november] = pending;
    // Another institution cannot decide them, nor list them.
    expect(
      await refusal(
        decideOngoingHours({
          institutionId: otherId,
          hoursId: october?.id ?? "",
          decision: "approve",
          journeyUrl: JOURNEY,
          now: AFTER,
        }),
      ),
    ).toBe("not-found");
    expect(await listPendingHours(otherId)).toEqual([]);
    expect(await countPendingHours(otherId)).toBe(0);
    expect(await countPendingHours(institutionId)).toBe(
      (await listPendingHours(institutionId)).length,
    );
    // The volunteer is not the institution: their own approval is "not found".
    expect(
      await refusal(
        decideOngoingHours({
          institutionId: eva.id,
          hoursId: october?.id ?? "",
          decision: "approve",
          journeyUrl: JOURNEY,
          now: AFTER,
        }),
      ),
    ).toBe("not-found");

    await decideOngoingHours({
      institutionId,
      hoursId: october?.id ?? "",
      decision: "approve",
      journeyUrl: JOURNEY,
      now: AFTER,
    });
    await decideOngoingHours({
      institutionId,
      hoursId: november?.id ?? "",
      decision: "decline",
      reason: "Em novembro as aulas foram suspensas.",
      journeyUrl: JOURNEY,
      now: AFTER,
    });
    expect(
      await refusal(
        decideOngoingHours({
          institutionId,
          hoursId: november?.id ?? "",
          decision: "approve",
          journeyUrl: JOURNEY,
          now: AFTER,
        }),
      ),
    ).toBe("conflict");
    // Once decided, the volunteer cannot change the month.
    expect(
      await refusal(
        logOngoingHours({
          ...month,
          volunteerId: eva.id,
          month: "2026-10",
          minutes: 60,
          now: AFTER,
        }),
      ),
    ).toBe("conflict");

    const journey = await journeyOf(eva.id);
    expect(journey.totalMinutes).toBe(600);
    expect(journey.confirmed.map((row) => row.activity)).toEqual([
      "Voluntariado contínuo: Aulas de reforço",
    ]);
    expect(journey.others).toEqual([
      expect.objectContaining({
        status: "DECLINED",
        declineReason: "Em novembro as aulas foram suspensas.",
      }),
    ]);
    expect(await confirmedHoursOf(db, { volunteerId: eva.id, from: "2026-11-01" })).toEqual([]);
    expect(await confirmedHoursOf(db, { volunteerId: eva.id, institutionId: otherId })).toEqual([]);
    const declined = await db.select().from(emailOutbox).where(eq(emailOutbox.to, eva.email));
    expect(declined.map((mail) => mail.kind).sort()).toEqual(["hours-confirmed", "hours-declined"]);
    expect(declined.find((mail) => mail.kind === "hours-declined")?.text).toContain(
      "Em novembro as aulas foram suspensas.",
    );
  });

  it("the institution confirms a month directly, only for its own accepted applications", async () => {
    const fabi = await world.volunteer("Fabi Melo");
    const requestId = await acceptedRequest(fabi.id);
    const otherRequest = await acceptedRequest(fabi.id, otherId);
    const month = { month: "2026-11", minutes: 480, description: "Horta comunitária" };
    await confirmMonth({ ...month, requestId, institutionId, journeyUrl: JOURNEY, now: AFTER });
    expect(
      await refusal(
        confirmMonth({
          ...month,
          requestId: otherRequest,
          institutionId,
          journeyUrl: JOURNEY,
          now: AFTER,
        }),
      ),
    ).toBe("not-found");
    // The volunteer cannot log a month the institution already confirmed.
    expect(
      await refusal(logOngoingHours({ ...month, requestId, volunteerId: fabi.id, now: AFTER })),
    ).toBe("conflict");
    expect(await confirmedHoursOf(db, { volunteerId: fabi.id })).toEqual([
      expect.objectContaining({
        kind: "ONGOING",
        requestId,
        eventId: null,
        workedOn: "2026-11-01",
        minutes: 480,
        activity: "Voluntariado contínuo: Horta comunitária",
      }),
    ]);
    // A pending application is no activity yet.
    await db
      .update(volunteerRequests)
      .set({ status: "PENDING" })
      .where(eq(volunteerRequests.id, otherRequest));
    expect(
      await refusal(
        logOngoingHours({ ...month, requestId: otherRequest, volunteerId: fabi.id, now: AFTER }),
      ),
    ).toBe("not-found");
  });
});

describe("the personal data download and the lists' plans", () => {
  it("the LGPD download holds the person's hours, every status", async () => {
    const gabi = await world.volunteer("Gabi Nunes");
    const eventId = await world.event({ places: null, date: "2026-12-10", name: "Feira" });
    await joinEvent({ eventId, userId: gabi.id, now: BEFORE });
    await acceptTermos(gabi);
    await confirmEventHours({
      institutionId,
      eventId,
      entries: [{ userId: gabi.id, present: true, minutes: 90 }],
      journeyUrl: JOURNEY,
      now: AFTER,
    });
    const data = await exportPersonalData(gabi.id);
    expect(data?.volunteerHours).toEqual([
      expect.objectContaining({
        kind: "EVENT",
        minutes: 90,
        status: "CONFIRMED",
        eventName: "Feira",
        institutionName: "Instituto Maré",
      }),
    ]);
  });

  it("the pending list and the journey read volunteer_hours through its indexes", async () => {
    const someone = await world.volunteer("Hugo Lins");
    // 300 volunteers of another institution with 12 logged months each.
    await db.execute(sql`insert into users (email, name, profile)
      select 'horas' || n || '@teste.org.br', 'Pessoa ' || n, 'VOLUNTEER' from generate_series(1, 300) n`);
    await db.execute(sql`insert into volunteer_requests (volunteer_id, institution_id, reply_email,
        phone, summary, status)
      select id, ${otherId}, email, '5581987654321', 'Quero ajudar.', 'ACCEPTED' from users
      where email like 'horas%'`);
    await db.execute(sql`insert into volunteer_hours (volunteer_id, institution_id, kind,
        request_id, worked_on, minutes, description, status, logged_by)
      select r.volunteer_id, r.institution_id, 'ONGOING', r.id,
        date '2025-01-01' + (m || ' month')::interval, 240, 'Aulas',
        case when m % 3 = 0 then 'PENDING' else 'CONFIRMED' end, 'VOLUNTEER'
      from volunteer_requests r cross join generate_series(0, 11) m
      where r.institution_id = ${otherId} and r.reply_email like 'horas%'`);
    await db.execute(sql`analyze`);
    const pendingPlan = await explain(pendingHoursQuery(institutionId));
    expect(pendingPlan).toContain("volunteer_hours_institution_idx");
    const journeyPlan = await explain(journeyQuery(someone.id));
    expect(journeyPlan).toContain("volunteer_hours_volunteer_idx");
    for (const plan of [pendingPlan, journeyPlan]) {
      expect(plan).not.toMatch(/Seq Scan on volunteer_hours/);
    }
  });
});

/** EXPLAIN of a Drizzle query on the test database: the plan's lines. */
const explain = (query: ExplainableQuery) => explainPlan(db, query, "(costs off)");

describe("the reminder to confirm an event's hours", () => {
  const dueMails = (eventId: string) =>
    db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.dedupeKey, `hours-due:${eventId}`));

  it("e-mails the institution once, after the event ends, however many runs look", async () => {
    const eventId = await world.event({ places: 10, date: "2027-01-20", name: "Oficina de horta" });
    for (const name of ["Ana Horta", "Bia Horta"]) {
      const person = await world.volunteer(name);
      await joinEvent({ eventId, userId: person.id, now: BEFORE });
    }
    // The event runs 09:00-12:00 in Brasília (12:00-15:00 UTC).
    await runHoursDueReminders(new Date("2027-01-20T14:59:00Z"));
    expect(await dueMails(eventId)).toEqual([]);

    const ended = new Date("2027-01-20T15:30:00Z");
    await Promise.all([runHoursDueReminders(ended), runHoursDueReminders(ended)]);
    await runHoursDueReminders(new Date("2027-01-22T15:30:00Z"));
    const mails = await dueMails(eventId);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      to: "mare-horas@teste.org.br",
      kind: "hours-due",
      subject: 'Confirme as horas do evento "Oficina de horta"',
    });
    expect(mails[0]?.text).toContain("2 voluntários aguardam a confirmação de presença e de horas");
    expect(mails[0]?.text).toContain(`${TEST_ORIGIN}/app/eventos/${eventId}/horas`);
  });

  it("leaves alone events whose hours are all decided, and events that ended over a week ago", async () => {
    const decided = await world.event({ places: 10, date: "2027-02-03", name: "Feira decidida" });
    const old = await world.event({ places: 10, date: "2027-03-01", name: "Feira antiga" });
    const dani = await world.volunteer("Dani Horta");
    await joinEvent({ eventId: decided, userId: dani.id, now: BEFORE });
    await joinEvent({ eventId: old, userId: dani.id, now: BEFORE });
    await confirmEventHours({
      institutionId,
      eventId: decided,
      entries: [{ userId: dani.id, present: false }],
      journeyUrl: JOURNEY,
      now: new Date("2027-02-03T15:30:00Z"),
    });
    await runHoursDueReminders(new Date("2027-02-03T16:00:00Z"));
    await runHoursDueReminders(new Date("2027-03-10T16:00:00Z"));
    expect(await dueMails(decided)).toEqual([]);
    expect(await dueMails(old)).toEqual([]);
  });
});
