import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createVolunteerAccount } from "~/auth/create-account.server";
import { resendEmailConfirmation } from "~/auth/email-confirmation.server";
import type { Database } from "~/db/client.server";
import { emailOutbox, events, users } from "~/db/schema";
import { EMAIL_BUDGET } from "~/email/email-budget";
import { enqueueEmail } from "~/email/outbox.server";
import { optOut } from "~/email/unsubscribe.server";
import { MOVE_NOTICE_WINDOW_MINUTES, sendDueMoveNotices } from "~/events/event-notices.server";
import { updateEvent } from "~/events/institution-events.server";
import { KEEP_SAVED_IMAGE } from "~/forms/member-form-rules";
import { ageFieldsToStore } from "~/guardians/age-rules";
import {
  GUARDIAN_ADDRESS_MESSAGES,
  GUARDIAN_CHANGES_PER_DAY,
} from "~/guardians/guardian-address.server";
import { processImageUpload } from "~/images/pipeline.server";
import { isAppError } from "~/lib/app-error";
import { sendParticipantsMessage } from "~/participation/participant-message.server";
import { joinEvent } from "~/participation/participation.server";
import { updateVolunteerProfile } from "~/volunteers/volunteer-profile.server";
import { insertInstitution } from "../helpers/admin-fixtures";
import { type TestDatabase, testDatabase } from "../helpers/database";
import { eventInputOf } from "../helpers/event-input";
import { makeJpeg } from "../helpers/images";
import { participationWorld } from "../helpers/participation-world";

/**
 * Issue 39, deliverable 2 (ADR 0068, 0069) on a real database: every path that sends mail goes
 * through one budget in the outbox; a minor's guardian is a third party's address; an event's
 * moves are told once per window with the net change. Time moves by rewriting rows' timestamps
 * and by the `now` the jobs take, never by waiting.
 */

let database: TestDatabase;
let db: Database;
let institutionId: string;
let world: ReturnType<typeof participationWorld>;
const NOW = new Date("2026-12-01T12:00:00Z");
/** A stranger's address, named as guardian by one minor's account again and again. */
const VICTIM = "vitima.caixa@exemplo.org.br";
/** An address someone signed up with and never confirmed. */
const UNCONFIRMED = "nunca.confirmou@exemplo.org.br";

beforeAll(async () => {
  database = await testDatabase();
  db = database.db;
  institutionId = await insertInstitution(db, {
    name: "Instituto Limites",
    email: "limites@teste.org.br",
    status: "APPROVED",
  });
  world = participationWorld(db, institutionId);
});

afterAll(async () => {
  await database?.dispose();
});

async function refusalOf(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (isAppError(error)) return error;
    throw error;
  }
  return null;
}

/** "dd/mm/aaaa" of someone who turned `years` yesterday. */
function birthDateAged(years: number): string {
  const today = new Date();
  const day = new Date(
    Date.UTC(today.getUTCFullYear() - years, today.getUTCMonth(), today.getUTCDate() - 1),
  );
  const iso = day.toISOString().slice(0, 10);
  return `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
}

let signups = 0;
async function minor(guardianEmail: string) {
  signups += 1;
  const email = `menor${signups}-${Date.now()}@teste.org.br`;
  const id = await createVolunteerAccount({
    credentials: { email, phone: "5581988887777", passwordHash: "x" },
    name: "Lia Menezes",
    resume: "Quero ajudar na biblioteca do bairro.",
    uf: "PE",
    city: "Recife",
    photo: await processImageUpload(new Blob([new Uint8Array(await makeJpeg())]), "profile"),
    age: ageFieldsToStore({
      birthDate: birthDateAged(16),
      guardianName: "Marta Souza",
      guardianEmail,
    }),
  });
  return { id, email };
}

function saveGuardian(userId: string, guardianEmail: string) {
  return updateVolunteerProfile(userId, {
    name: "Lia Menezes",
    uf: "PE",
    city: "Recife",
    summary: "Quero ajudar na biblioteca do bairro.",
    photo: KEEP_SAVED_IMAGE,
    age: ageFieldsToStore({
      birthDate: birthDateAged(16),
      guardianName: "Marta Souza",
      guardianEmail,
    }),
  });
}

const mailsTo = async (address: string) =>
  db.select().from(emailOutbox).where(sql`lower(${emailOutbox.to}) = ${address.toLowerCase()}`);

/** Moves every queued e-mail (and guardian link) `minutes` into the past: the clock went on. */
async function pass(minutes: number) {
  const shift = sql`make_interval(mins => ${minutes})`;
  await db.execute(sql`update email_outbox set created_at = created_at - ${shift}`);
  await db.execute(sql`update guardian_tokens set created_at = created_at - ${shift}`);
  await db.execute(sql`update email_confirmations set created_at = created_at - ${shift}`);
  await db.execute(
    sql`update event_change_notices set created_at = created_at - ${shift}, due_at = due_at - ${shift}`,
  );
}

describe("a minor's guardian is a third party's address", () => {
  it("refuses the minor's own account e-mail, in any letter case, on the profile", async () => {
    const lia = await minor("marta.responsavel@teste.org.br");
    const refused = await refusalOf(saveGuardian(lia.id, lia.email.toUpperCase()));
    expect(refused?.code).toBe("invalid");
    expect(refused?.field).toBe("guardianEmail");
    expect(refused?.message).toBe(GUARDIAN_ADDRESS_MESSAGES.own);
  });

  it("refuses at sign-up a guardian e-mail equal to the account's own", async () => {
    const email = `sozinha-${Date.now()}@teste.org.br`;
    const refused = await refusalOf(
      createVolunteerAccount({
        credentials: { email, phone: "5581988887777", passwordHash: "x" },
        name: "Lia Menezes",
        resume: "Quero ajudar na biblioteca do bairro.",
        uf: "PE",
        city: "Recife",
        photo: await processImageUpload(new Blob([new Uint8Array(await makeJpeg())]), "profile"),
        age: ageFieldsToStore({
          birthDate: birthDateAged(16),
          guardianName: "Eu Mesma",
          guardianEmail: email,
        }),
      }),
    );
    expect(refused?.message).toBe(GUARDIAN_ADDRESS_MESSAGES.own);
    expect(await db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it("refuses any other account's e-mail as the guardian", async () => {
    const lia = await minor("marta.outra@teste.org.br");
    const other = await world.volunteer();
    const refused = await refusalOf(saveGuardian(lia.id, other.email));
    expect(refused?.message).toBe(GUARDIAN_ADDRESS_MESSAGES.account);
    expect(await mailsTo(other.email)).toEqual([]);
  });

  it("20 saves naming a new guardian each: at most the daily changes are e-mailed, then a clear refusal", async () => {
    const lia = await minor("primeira.responsavel@teste.org.br");
    const refusals: string[] = [];
    for (let save = 0; save < 20; save += 1) {
      const refused = await refusalOf(
        saveGuardian(lia.id, `alvo${save}-${Date.now()}@exemplo.org.br`),
      );
      if (refused) refusals.push(refused.message);
    }
    const asked = await db
      .select()
      .from(emailOutbox)
      .where(
        and(
          eq(emailOutbox.kind, "guardian-account"),
          eq(emailOutbox.senderId, lia.id),
          sql`${emailOutbox.to} like 'alvo%'`,
        ),
      );
    // The sign-up's link counts as the first change of the day.
    expect(asked.length).toBe(GUARDIAN_CHANGES_PER_DAY - 1);
    expect(refusals).toHaveLength(20 - asked.length);
    expect(new Set(refusals)).toEqual(new Set([GUARDIAN_ADDRESS_MESSAGES.tooManyChanges]));
  });
});

describe("an event's moves reach each participant once per window, with the net change", () => {
  async function eventWithPeople(count: number) {
    const eventId = await world.event({ places: null, date: "2026-12-20" });
    const people = [];
    for (let index = 0; index < count; index += 1) {
      const person = await world.volunteer();
      await joinEvent({ eventId, userId: person.id, now: NOW });
      people.push(person);
    }
    const [row] = await db.select().from(events).where(eq(events.id, eventId));
    if (!row) throw new Error("no event");
    const cover = await processImageUpload(new Blob([new Uint8Array(await makeJpeg())]), "cover");
    await updateEvent(institutionId, eventId, eventInputOf(row, { cover }));
    return { eventId, row, people };
  }
  const moveNotices = (eventId: string) =>
    db
      .select()
      .from(emailOutbox)
      .where(
        and(
          eq(emailOutbox.kind, "event-changed"),
          sql`${emailOutbox.dedupeKey} like ${`event-changed:${eventId}:%`}`,
        ),
      );
  const windowClosed = () =>
    sendDueMoveNotices(new Date(Date.now() + (MOVE_NOTICE_WINDOW_MINUTES + 1) * 60_000));

  it("10 edits of street and time: one e-mail per participant, with the final values", async () => {
    const { eventId, row, people } = await eventWithPeople(3);
    for (let edit = 1; edit <= 10; edit += 1) {
      await updateEvent(
        institutionId,
        eventId,
        eventInputOf(row, {
          street: `Rua Nova ${edit}`,
          startTime: edit === 10 ? "10:00" : `0${edit}:00`,
        }),
      );
    }
    expect(await moveNotices(eventId)).toEqual([]);
    await windowClosed();
    const mails = await moveNotices(eventId);
    expect(mails.map((mail) => mail.to).sort()).toEqual(people.map((p) => p.email).sort());
    for (const mail of mails) {
      expect(mail.text).toContain("Logradouro: Rua A → Rua Nova 10");
      expect(mail.text).toContain("Horário de início: 09:00 → 10:00");
      expect(mail.text).not.toContain("Rua Nova 9");
    }
    // The next window starts with the next move; nothing more was pending.
    await windowClosed();
    expect(await moveNotices(eventId)).toHaveLength(3);
  });

  it("a change and its undoing within the window, or a save of texts only, send nothing", async () => {
    const { eventId, row } = await eventWithPeople(2);
    await updateEvent(institutionId, eventId, eventInputOf(row, { street: "Rua Trocada" }));
    await updateEvent(institutionId, eventId, eventInputOf(row, { street: "  rua a " }));
    await updateEvent(
      institutionId,
      eventId,
      eventInputOf(row, { name: "Outro nome", about: "Outro texto sobre." }),
    );
    await windowClosed();
    expect(await moveNotices(eventId)).toEqual([]);
  });
});

describe("one budget over every path, for an hour of moved clock", () => {
  it("one volunteer and one institution aiming every path at one address stay under the budget", async () => {
    // The institution: an event whose participant list holds the victim's account (signed up
    // by someone else with the victim's address, never confirmed) and a confirmed address.
    const victimAccount = await world.volunteer();
    await db
      .update(users)
      .set({ email: UNCONFIRMED, emailVerified: false })
      .where(eq(users.id, victimAccount.id));
    const regular = await world.volunteer();
    const eventId = await world.event({ places: null, date: "2026-12-21" });
    await joinEvent({ eventId, userId: victimAccount.id, now: NOW });
    await joinEvent({ eventId, userId: regular.id, now: NOW });
    const [row] = await db.select().from(events).where(eq(events.id, eventId));
    if (!row) throw new Error("no event");
    const cover = await processImageUpload(new Blob([new Uint8Array(await makeJpeg())]), "cover");
    await updateEvent(institutionId, eventId, eventInputOf(row, { cover }));
    // The volunteer: a minor whose guardian is the victim, who changes guardian back and forth
    // and asks for confirmation e-mails.
    const lia = await minor(VICTIM);

    for (let minute = 0; minute < 60; minute += 1) {
      const now = new Date();
      await refusalOf(
        saveGuardian(lia.id, minute % 2 === 0 ? `outra${minute}@exemplo.org.br` : VICTIM),
      );
      await refusalOf(resendEmailConfirmation(lia.id, now));
      await refusalOf(
        sendParticipantsMessage({
          institutionId,
          eventId,
          message: {
            subject: `Aviso ${minute}`,
            message: "Mensagem repetida para todos.",
            includeWaitlist: "on",
            sendId: crypto.randomUUID(),
          },
        }),
      );
      await refusalOf(
        updateEvent(institutionId, eventId, eventInputOf(row, { street: `Rua ${minute}` })),
      );
      await refusalOf(minor(VICTIM));
      await pass(1);
      await sendDueMoveNotices(new Date());
    }

    const toVictim = await mailsTo(VICTIM);
    const optional = toVictim.filter((mail) => mail.kind !== "email-confirmation");
    console.log(toVictim.map((m) => [m.kind, m.createdAt.toISOString(), m.senderId]));
    expect(optional.length).toBeLessThanOrEqual(EMAIL_BUDGET.recipientPerHour);
    // The unconfirmed account's address got none of the institution's mail.
    expect(await mailsTo(UNCONFIRMED)).toEqual([]);
    // The minor's account caused at most its daily budget.
    const bySender = await db.select().from(emailOutbox).where(eq(emailOutbox.senderId, lia.id));
    expect(bySender.length).toBeLessThanOrEqual(EMAIL_BUDGET.senderPerDay.VOLUNTEER ?? 0);
    // The confirmed participant hears from the institution, within the per-recipient budget.
    const toRegular = await mailsTo(regular.email);
    expect(toRegular.length).toBeGreaterThan(0);
    const lastHour = toRegular.filter((mail) => mail.createdAt > new Date(Date.now() - 3_600_000));
    expect(lastHour.length).toBeLessThanOrEqual(EMAIL_BUDGET.recipientPerHour);
    expect(toRegular.length).toBeLessThanOrEqual(EMAIL_BUDGET.recipientPerDay);
  });

  it("past its budget the sender is told why, and nothing of the action happens", async () => {
    const sender = await world.volunteer();
    await db.execute(sql`insert into email_outbox (to_address, subject, text_body, html_body, kind, dedupe_key, sender_id)
      select 'x' || g || '@exemplo.org.br', 's', 't', 'h', 'application-receipt', 'fill:' || g || ':' || ${sender.id}, ${sender.id}::uuid
      from generate_series(1, ${EMAIL_BUDGET.senderPerDay.VOLUNTEER}) g`);
    const refused = await refusalOf(
      db.transaction((tx) =>
        enqueueEmail(tx, {
          to: "mais.um@exemplo.org.br",
          kind: "volunteer-application",
          dedupeKey: `over:${sender.id}`,
          sender: sender.id,
          subject: "s",
          text: "t",
          html: "h",
        }),
      ),
    );
    expect(refused?.code).toBe("rate-limited");
    expect(refused?.message).toMatch(/^Você atingiu o limite de e-mails/);
  });

  it("an address that turned a kind off gets no more of it; transactional mail still goes", async () => {
    const address = `desligou-${Date.now()}@exemplo.org.br`;
    await optOut(address, "participants-message");
    const queue = (kind: "participants-message" | "password-reset", key: string) =>
      enqueueEmail(db, {
        to: address,
        kind,
        dedupeKey: key,
        sender: null,
        subject: "s",
        text: "t",
        html: "h",
      });
    expect(await queue("participants-message", `off:${address}:1`)).toBe(false);
    expect(await queue("password-reset", `off:${address}:2`)).toBe(true);
    await optOut(address, "all");
    expect(await queue("password-reset", `off:${address}:3`)).toBe(true);
  });
});
