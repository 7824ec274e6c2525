import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUDIT_ACTION_LABELS } from "~/admin/audit-actions";
import { listAuditEntries } from "~/admin/audit-trail.server";
import { decideApplication } from "~/applications/application-decisions.server";
import type { Database } from "~/db/client.server";
import { auditLog, events, participations, volunteerRequests } from "~/db/schema";
import { cancelEvent, createEvent, updateEvent } from "~/events/institution-events.server";
import { processImageUpload } from "~/images/pipeline.server";
import { sendParticipantsMessage } from "~/participation/participant-message.server";
import { joinEvent, removeParticipant } from "~/participation/participation.server";
import type { TestDatabase } from "../helpers/database";
import { eventInputOf } from "../helpers/event-input";
import { makeJpeg } from "../helpers/images";
import { INSTITUTION_FORM_AUDITS, intentsOfRoute } from "../helpers/institution-audits";
import {
  eventUrl,
  participationTestbed,
  type participationWorld,
} from "../helpers/participation-world";
import { declaredRoutes, routesWithActions } from "../helpers/routes";

/**
 * Issue 39, item 5: every change an institution makes to its events, applications, participants
 * and messages is in the audit trail, in the change's own transaction, with who did it (the
 * signed-in user) and what it touched. The last test holds the list of every institution form
 * against the routes, so a new one cannot arrive without its audit entry being named here.
 */

let database: TestDatabase;
let db: Database;
let institutionId: string;
let world: ReturnType<typeof participationWorld>;

const NOW = new Date("2026-12-01T12:00:00Z");
const at = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);

beforeAll(async () => {
  ({ database, db, institutionId, world } = await participationTestbed({
    name: "Instituto Trilha",
    email: "trilha-auditoria@teste.org.br",
  }));
});

afterAll(async () => {
  await database?.dispose();
});

/** The trail of one record, oldest first, as stored. */
function trailOf(targetId: string) {
  return db
    .select({
      actorId: auditLog.actorId,
      action: auditLog.action,
      targetType: auditLog.targetType,
      details: auditLog.details,
    })
    .from(auditLog)
    .where(eq(auditLog.targetId, targetId))
    .orderBy(asc(auditLog.at), asc(auditLog.id));
}

async function application(volunteerId: string) {
  const [row] = await db
    .insert(volunteerRequests)
    .values({
      volunteerId,
      institutionId,
      replyEmail: "resposta@teste.org.br",
      phone: "5581987654321",
      summary: "Quero ajudar.",
    })
    .returning({ id: volunteerRequests.id });
  return row?.id ?? "";
}

describe("an institution's events", () => {
  it("creating, editing, resubmitting and cancelling each leave an entry by the institution", async () => {
    const cover = await processImageUpload(
      new Blob([new Uint8Array(await makeJpeg({ width: 900, height: 340 }))], {
        type: "image/jpeg",
      }),
      "cover",
    );
    const eventId = await createEvent(institutionId, {
      name: "Mutirão auditado",
      eventDate: "2099-10-10",
      resume: "Limpeza da praça.",
      about: "Um mutirão de limpeza da praça do bairro.",
      uf: "PE",
      city: "Recife",
      street: "Rua B",
      number: "2",
      neighborhood: "Centro",
      cover,
    });
    const row = async () => (await db.select().from(events).where(eq(events.id, eventId)))[0];
    const created = await row();
    if (!created) throw new Error("event not created");
    // Approved, then refused by the admins: the institution corrects it and sends it back.
    await db.update(events).set({ status: "APPROVED" }).where(eq(events.id, eventId));
    await updateEvent(institutionId, eventId, eventInputOf(created, { resume: "Outro resumo." }));
    await db.update(events).set({ status: "REJECTED" }).where(eq(events.id, eventId));
    const refused = await row();
    if (!refused) throw new Error("event gone");
    await updateEvent(institutionId, eventId, eventInputOf(refused));
    expect((await row())?.status).toBe("PENDING");
    // Cancelling twice: one entry.
    expect(await cancelEvent(institutionId, eventId)).toBe("cancelled");
    expect(await cancelEvent(institutionId, eventId)).toBe("unchanged");

    const trail = await trailOf(eventId);
    expect(trail.map((entry) => [entry.actorId, entry.action, entry.targetType])).toEqual([
      [institutionId, "event.create", "event"],
      [institutionId, "event.update", "event"],
      [institutionId, "event.resubmit", "event"],
      [institutionId, "event.cancel", "event"],
    ]);
    expect(trail[0]?.details).toEqual({
      name: "Mutirão auditado",
      status: "PENDING",
      eventDate: "2099-10-10",
    });
    expect(trail[1]?.details).toMatchObject({
      name: "Mutirão auditado",
      changes: [{ field: "Resumo", before: "Limpeza da praça.", after: "Outro resumo." }],
    });
    expect(trail[2]?.details).toMatchObject({ status: "PENDING", changes: [] });
    expect(trail[3]?.details).toEqual({
      name: "Mutirão auditado",
      status: "DELETED",
      previous: "PENDING",
    });
  });
});

describe("applications, participants and messages", () => {
  it("accepting and declining applications name the volunteer", async () => {
    const ana = await world.volunteer("Ana Auditada");
    const bia = await world.volunteer("Bia Auditada");
    const toAccept = await application(ana.id);
    const toDecline = await application(bia.id);
    await decideApplication({ institutionId, requestId: toAccept, decision: "ACCEPTED" });
    await decideApplication({ institutionId, requestId: toDecline, decision: "DECLINED" });
    // The same answer again (a double click) changes nothing and adds nothing.
    await decideApplication({ institutionId, requestId: toAccept, decision: "ACCEPTED" });
    expect(await trailOf(toAccept)).toEqual([
      {
        actorId: institutionId,
        action: "application.accept",
        targetType: "application",
        details: { name: "Ana Auditada", volunteerId: ana.id, status: "ACCEPTED" },
      },
    ]);
    expect(await trailOf(toDecline)).toEqual([
      {
        actorId: institutionId,
        action: "application.decline",
        targetType: "application",
        details: { name: "Bia Auditada", volunteerId: bia.id, status: "DECLINED" },
      },
    ]);
  });

  it("removing a participant names them, the event and who got the place", async () => {
    const eventId = await world.event({ places: 1, date: "2026-12-10", name: "Vagas contadas" });
    const caio = await world.volunteer("Caio Auditado");
    const davi = await world.volunteer("Davi Auditado");
    await joinEvent({ eventId, userId: caio.id, now: at(0) });
    await joinEvent({ eventId, userId: davi.id, now: at(1) });
    const [place] = await db
      .select({ id: participations.id })
      .from(participations)
      .where(and(eq(participations.eventId, eventId), eq(participations.userId, caio.id)));
    await removeParticipant({
      institutionId,
      eventId,
      participationId: place?.id ?? "",
      now: at(2),
      eventUrl,
    });
    expect(await trailOf(caio.id)).toEqual([
      {
        actorId: institutionId,
        action: "participant.remove",
        targetType: "user",
        details: {
          name: "Caio Auditado",
          event: "Vagas contadas",
          eventId,
          previous: "CONFIRMED",
          promoted: ["Davi Auditado"],
        },
      },
    ]);
  });

  it("a message to the participants keeps its subject and count, never its text", async () => {
    const eventId = await world.event({ places: null, date: "2026-12-12", name: "Com recado" });
    const eva = await world.volunteer("Eva Auditada");
    await joinEvent({ eventId, userId: eva.id, now: at(0) });
    const message = {
      subject: "Ponto de encontro",
      message: "Nos encontramos na praça às 8h. Texto que não vai para a auditoria.",
      sendId: crypto.randomUUID(),
    };
    await sendParticipantsMessage({ institutionId, eventId, message });
    // The same form sent again queues nothing: no second entry either.
    await sendParticipantsMessage({ institutionId, eventId, message });
    const trail = await trailOf(eventId);
    expect(trail).toEqual([
      {
        actorId: institutionId,
        action: "participants.message",
        targetType: "event",
        details: {
          name: "Com recado",
          subject: "Ponto de encontro",
          recipients: 1,
          includeWaitlist: false,
        },
      },
    ]);
    expect(JSON.stringify(trail)).not.toContain("Texto que não vai");
  });

  it("the admin's Auditoria finds the institution's entries by its name and by action", async () => {
    const byName = await listAuditEntries({
      page: 1,
      filters: { person: "Trilha", action: "participant.remove", from: "", to: "" },
    });
    expect(byName.entries.map((entry) => [entry.actorName, entry.targetName])).toEqual([
      ["Instituto Trilha", "Caio Auditado"],
    ]);
    expect(byName.entries[0]?.actorEmail).toBe("trilha-auditoria@teste.org.br");
  });
});

describe("every institution form", () => {
  it("is listed with the audit entry it writes", () => {
    const withActions = new Set(routesWithActions());
    const institutionForms = declaredRoutes().filter(
      (route) => route.layouts.includes("routes/_institution") && withActions.has(route.path),
    );
    const found = Object.fromEntries(
      institutionForms.map((route) => [route.path, intentsOfRoute(route.id)]),
    );
    const listed = Object.fromEntries(
      Object.entries(INSTITUTION_FORM_AUDITS).map(([route, intents]) => [
        route,
        Object.keys(intents).sort(),
      ]),
    );
    expect(listed).toEqual(found);
    for (const actions of Object.values(INSTITUTION_FORM_AUDITS)) {
      for (const action of Object.values(actions).flat()) {
        expect(AUDIT_ACTION_LABELS[action], action).toBeTruthy();
      }
    }
  });
});
