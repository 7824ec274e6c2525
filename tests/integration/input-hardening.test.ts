import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyToInstitution, findApplicationTarget } from "~/applications/applications.server";
import { DRAFT_MAX_BYTES, readDraft, saveDraft } from "~/auth/signup-draft.server";
import type { Database } from "~/db/client.server";
import {
  emailOutbox,
  events,
  images,
  institutions,
  rateLimits,
  signupDrafts,
  volunteerRequests,
  volunteers,
} from "~/db/schema";
import { enqueueEmail, InvalidRecipientError } from "~/email/outbox.server";
import { createTransport } from "~/email/transport.server";
import { startMailWorker } from "~/email/worker.server";
import { createEvent, updateEvent } from "~/events/institution-events.server";
import { KEEP_SAVED_IMAGE } from "~/forms/member-form-rules";
import { FILL_ALL_DATA } from "~/forms/missing-fields";
import { NOT_AN_IMAGE } from "~/images/image-messages";
import { canSeeImage, findImage } from "~/images/images.server";
import {
  IMAGE_TOO_COSTLY,
  IMAGE_TOO_MANY_PIXELS,
  IMAGE_UPLOADS_LIMITED,
  processImageUpload,
} from "~/images/pipeline.server";
import { AppError } from "~/lib/app-error";
import { RATE_LIMITS } from "~/security/rate-limit.server";
import { updateVolunteerProfile } from "~/volunteers/volunteer-profile.server";
import { type TestDatabase, testDatabase } from "../helpers/database";
import { FAKE_PNG, makeCostlyPng, makeJpeg } from "../helpers/images";
import { startSmtpSink } from "../helpers/mail";
import { institutionAndVolunteer } from "../helpers/outbox-fixtures";
import { pixelBomb } from "../helpers/security-uploads";
import { TEST_ORIGIN } from "../helpers/test-origin";

/**
 * Issue 11, items 3, 4, 5 and 9 below the HTTP layer (docs/decisions/0016 to 0018): the outbox
 * refuses any recipient that is not exactly one address and the worker never hands one to
 * nodemailer; the sign-up draft stores only known fields within their limits and a total size,
 * and new drafts are limited per address; uploads are judged by their decoded cost and counted
 * per uploader; a "keep the saved image" choice needs a saved image; volunteers' photos are
 * personal. Runs on PGlite and on PostgreSQL.
 */

process.env.SESSION_SECRET ??= "input-hardening-test-secret-0123456789abcdef";

let database: TestDatabase;
let db: Database;
let mailDir: string;
let institutionId: string;
let volunteerId: string;

const HOSTILE_RECIPIENTS = [
  "vitima@teste.org.br\r\nBcc: todos@atacante.com",
  "vitima@teste.org.br,outra@atacante.com",
  "vitima@teste.org.br; outra@atacante.com",
  '"Equipe" <outra@atacante.com>',
  "<outra@atacante.com>",
  "vitima @teste.org.br",
  "vitima@teste.org.br@atacante.com",
  "",
];

const jpegBlob = async (options?: Parameters<typeof makeJpeg>[0]) =>
  new Blob([new Uint8Array(await makeJpeg(options))]);

beforeAll(async () => {
  database = await testDatabase();
  db = database.db;
  mailDir = await mkdtemp(path.join(tmpdir(), "conecta-hardening-mail-"));
  ({ institutionId, volunteerId } = await institutionAndVolunteer(db, {
    institution: {
      name: "Casa Aberta",
      email: "casa-aberta@teste.org.br",
      contactEmail: "contato@casa-aberta.org.br",
      resume: "Acolhimento no bairro.",
      about: "Uma casa de acolhimento que precisa de mãos para as atividades.",
    },
    volunteer: {
      name: "Lia Moraes",
      email: "lia@teste.org.br",
      resume: "Gosto de ler para crianças.",
    },
  }));
});

afterAll(async () => {
  await database?.dispose();
  await rm(mailDir, { recursive: true, force: true });
});

const email = (to: string, key: string) => ({
  to,
  kind: "password-reset" as const,
  sender: null,
  dedupeKey: key,
  subject: "Assunto",
  text: "Texto",
  html: "<p>Texto</p>",
});

describe("the outbox: one recipient, exactly one address", () => {
  it.each(HOSTILE_RECIPIENTS)(
    "refuses %j with InvalidRecipientError, queueing nothing",
    async (to) => {
      await expect(enqueueEmail(db, email(to, `hostile:${to}`))).rejects.toBeInstanceOf(
        InvalidRecipientError,
      );
      const queued = await db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.dedupeKey, `hostile:${to}`));
      expect(queued).toEqual([]);
    },
  );

  it("an application to an institution whose stored contact e-mail is hostile queues nothing, and is not recorded", async () => {
    // As if written before the forms checked it (or straight into the database).
    await db
      .update(institutions)
      .set({ contactEmail: "contato@casa-aberta.org.br\r\nBcc: todos@atacante.com" })
      .where(eq(institutions.userId, institutionId));
    try {
      const target = await findApplicationTarget(institutionId);
      if (!target) throw new Error("the institution is not approved");
      await expect(
        applyToInstitution({
          volunteer: { id: volunteerId, name: "Lia Moraes", email: "lia@teste.org.br" },
          institution: target,
          institutionUrl: `${TEST_ORIGIN}/instituicoes/casa-aberta`,
          replyEmail: "lia@teste.org.br",
          phone: "5521988887777",
          summary: "Quero ajudar.",
        }),
      ).rejects.toBeInstanceOf(InvalidRecipientError);
      expect(await db.select().from(volunteerRequests)).toEqual([]);
      expect(
        await db.select().from(emailOutbox).where(eq(emailOutbox.kind, "volunteer-application")),
      ).toEqual([]);
    } finally {
      await db
        .update(institutions)
        .set({ contactEmail: "contato@casa-aberta.org.br" })
        .where(eq(institutions.userId, institutionId));
    }
  });

  it("the worker never hands a hostile row (written around the outbox) to nodemailer; a good one is delivered", async () => {
    const sink = await startSmtpSink();
    const worker = startMailWorker({
      from: "Conecta Voluntário <nao-responda@teste.org.br>",
      send: createTransport({ smtpUrl: sink.url, mailDir }),
    });
    try {
      const hostile = HOSTILE_RECIPIENTS.slice(0, 5);
      await db
        .insert(emailOutbox)
        .values(hostile.map((to, index) => ({ ...email(to, `legacy:${index}`), kind: "legacy" })));
      expect(await enqueueEmail(db, email("pessoa@teste.org.br", "good"))).toBe(true);
      await worker.flush();
      await sink.waitForMessage("pessoa@teste.org.br");
      await worker.flush();
    } finally {
      await worker.stop();
      await sink.close();
    }
    // One message reached the SMTP server: the good one, to its one recipient.
    expect(sink.messages.map((message) => message.to)).toEqual(["pessoa@teste.org.br"]);
    const legacy = await db.select().from(emailOutbox).where(eq(emailOutbox.kind, "legacy"));
    expect(legacy).toHaveLength(5);
    for (const row of legacy) {
      expect(row.sentAt).toBeNull();
      expect(row.lastError).toMatch(/invalid recipient/);
      // Parked: never due again.
      expect(row.nextAttemptAt.getUTCFullYear()).toBe(9999);
    }
  });
});

describe("the sign-up draft", () => {
  const request = (cookie?: string) =>
    new Request("http://127.0.0.1/auth/cadastro", {
      headers: cookie ? { cookie: cookie.split(";")[0] ?? "" } : {},
    });

  it("stores only known fields, each cut to its limit; anything else is dropped", async () => {
    const cookie = await saveDraft(request(), "10.1.0.1", {
      step: 2,
      data: {
        email: `${"a".repeat(200)}@teste.org.br`,
        name: "Nome\r\nCom quebra",
        resume: "Linha 1\nLinha 2\u0007",
        // Not fields of the wizard: never stored.
        ...({
          isAdmin: "true",
          role: "ADMIN",
          password: "segredo123",
          ["x".repeat(300)]: "y",
        } as object),
      },
    });
    const draft = await readDraft(request(cookie));
    expect(draft?.data).toEqual({
      email: "a".repeat(50),
      name: "Nome Com quebra",
      resume: "Linha 1\nLinha 2",
    });
    const [row] = await db
      .select()
      .from(signupDrafts)
      .where(eq(signupDrafts.id, draft?.id ?? ""));
    expect(Object.keys(row?.data ?? {}).sort()).toEqual(["email", "name", "resume"]);
  });

  it("refuses a draft over the total size, and stores nothing of it", async () => {
    const cookie = await saveDraft(request(), "10.1.0.2", { step: 2, data: { name: "Antes" } });
    // Every field within its own limit, in three-byte characters: past the total.
    const big = "€".repeat(1200);
    const data = {
      resume: big,
      about: big,
      name: "€".repeat(50),
      responsible: "€".repeat(50),
      street: "€".repeat(100),
      neighborhood: "€".repeat(60),
      complete: "€".repeat(60),
      city: "€".repeat(60),
    };
    expect(Buffer.byteLength(JSON.stringify(data))).toBeGreaterThan(DRAFT_MAX_BYTES);
    const refused = await saveDraft(request(cookie), "10.1.0.2", { step: 1, data }).catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).code).toBe("too-large");
    const draft = await readDraft(request(cookie));
    expect(draft?.step).toBe(2);
    expect(draft?.data).toEqual({ name: "Antes" });
  });

  it(`new drafts: ${RATE_LIMITS.signupDraftPerNetwork.limit} an address per hour, then refused; the next hour starts afresh`, async () => {
    const network = "10.1.0.3";
    const { limit } = RATE_LIMITS.signupDraftPerNetwork;
    for (let draft = 1; draft <= limit; draft++) await saveDraft(request(), network, { step: 1 });
    const refused = await saveDraft(request(), network, { step: 1 }).catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).code).toBe("rate-limited");
    // Another address, and a draft already open at this one, are not affected.
    const other = await saveDraft(request(), "10.1.0.4", { step: 1 });
    expect(await saveDraft(request(other), network, { step: 2 })).toContain("conecta.signup=");
    // An hour later (moved, not waited for).
    await db
      .update(rateLimits)
      .set({ windowStartedAt: sql`now() - interval '61 minutes'` })
      .where(eq(rateLimits.key, `signup-draft:network:${network}`));
    expect(await saveDraft(request(), network, { step: 1 })).toContain("conecta.signup=");
  });
});

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe("uploads: decoded cost and the uploader's quota", () => {
  it("a costly PNG is refused from its header in milliseconds", async () => {
    const png = await makeCostlyPng();
    expect(png.length).toBeLessThan(1024 * 1024);
    const started = process.cpuUsage();
    const refused = await rejection(processImageUpload(new Blob([new Uint8Array(png)]), "cover"));
    const cpu = process.cpuUsage(started);
    expect(refused.message).toBe(IMAGE_TOO_COSTLY);
    expect(refused.code).toBe("invalid");
    expect((cpu.user + cpu.system) / 1000).toBeLessThan(100);
  });

  it("counts decoded uploads against the quota (cheap refusals do not), then 429 with Retry-After", async () => {
    const quota = { key: "image-upload:test", rule: { limit: 2, windowSeconds: 3600 } };
    const upload = (blob: Blob) => processImageUpload(blob, "profile", { quota });
    expect((await rejection(upload(new Blob([FAKE_PNG.buffer])))).message).toBe(NOT_AN_IMAGE);
    expect((await rejection(upload(new Blob([new Uint8Array(pixelBomb().buffer)])))).message).toBe(
      IMAGE_TOO_MANY_PIXELS,
    );
    expect(
      (await rejection(upload(new Blob([new Uint8Array(await makeCostlyPng())])))).message,
    ).toBe(IMAGE_TOO_COSTLY);
    await upload(await jpegBlob());
    await upload(await jpegBlob());
    const limited = await rejection(upload(await jpegBlob()));
    expect(limited.message).toBe(IMAGE_UPLOADS_LIMITED);
    expect(limited.code).toBe("rate-limited");
    expect(limited.retryAfterSeconds).toBeGreaterThan(0);
  });

  it("accepts a 12-megapixel phone photo (JPEG shrinks on load)", async () => {
    const photo = await processImageUpload(await jpegBlob({ width: 4000, height: 3000 }), "cover");
    expect([photo.width, photo.height]).toEqual([1702, 630]);
  });
});

describe("a kept image needs a saved image", () => {
  it("a volunteer without a photo cannot keep one: nothing is saved", async () => {
    await db
      .update(volunteers)
      .set({ photoImageId: null })
      .where(eq(volunteers.userId, volunteerId));
    await expect(
      updateVolunteerProfile(volunteerId, {
        name: "Lia Moraes",
        uf: "RJ",
        city: "Niterói",
        summary: "Mudou o resumo.",
        photo: KEEP_SAVED_IMAGE,
      }),
    ).rejects.toEqual(new AppError("invalid", FILL_ALL_DATA, { field: "previewImage" }));
    const [row] = await db.select().from(volunteers).where(eq(volunteers.userId, volunteerId));
    expect(row?.summary).toBe("Gosto de ler para crianças.");
  });

  it("a new event cannot keep a cover, and an event without one cannot either", async () => {
    const input = {
      name: "Mutirão",
      eventDate: "2099-10-10",
      resume: "Limpeza da praça.",
      about: "Um mutirão de limpeza da praça do bairro.",
      uf: "RJ",
      city: "Niterói",
      street: "Rua B",
      number: "2",
      neighborhood: "Centro",
      complete: "Praça",
    };
    await expect(createEvent(institutionId, { ...input, cover: KEEP_SAVED_IMAGE })).rejects.toEqual(
      new AppError("invalid", FILL_ALL_DATA, { field: "landingImage" }),
    );
    expect(await db.select().from(events)).toEqual([]);
    const cover = await processImageUpload(await jpegBlob({ width: 900, height: 340 }), "cover");
    const eventId = await createEvent(institutionId, { ...input, cover });
    const [event] = await db.select().from(events).where(eq(events.id, eventId));
    await db.update(events).set({ coverImageId: null }).where(eq(events.id, eventId));
    await db.delete(images).where(eq(images.id, event?.coverImageId ?? ""));
    await expect(
      updateEvent(institutionId, eventId, {
        ...input,
        name: "Outro nome",
        cover: KEEP_SAVED_IMAGE,
      }),
    ).rejects.toEqual(new AppError("invalid", FILL_ALL_DATA, { field: "landingImage" }));
    const [after] = await db.select().from(events).where(eq(events.id, eventId));
    expect(after?.name).toBe("Mutirão");
  });
});

describe("whose images are personal", () => {
  it("a volunteer's photo: its owner and admins only; an institution's pictures: anyone", async () => {
    const photo = await processImageUpload(await jpegBlob({ color: "#be185d" }), "profile");
    await updateVolunteerProfile(volunteerId, {
      name: "Lia Moraes",
      uf: "RJ",
      city: "Niterói",
      summary: "Gosto de ler para crianças.",
      photo,
    });
    const [volunteer] = await db
      .select()
      .from(volunteers)
      .where(eq(volunteers.userId, volunteerId));
    const personal = await findImage(volunteer?.photoImageId ?? "");
    if (!personal) throw new Error("the volunteer's photo is not stored");
    expect(personal.personal).toBe(true);
    expect(canSeeImage(personal, null)).toBe(false);
    expect(canSeeImage(personal, { id: institutionId, role: "USER" })).toBe(false);
    expect(canSeeImage(personal, { id: volunteerId, role: "USER" })).toBe(true);
    expect(
      canSeeImage(personal, { id: "00000000-0000-4000-8000-000000000000", role: "ADMIN" }),
    ).toBe(true);

    const [institution] = await db
      .select()
      .from(institutions)
      .where(eq(institutions.userId, institutionId));
    for (const id of [institution?.profileImageId, institution?.coverImageId]) {
      const image = await findImage(id ?? "");
      if (!image) throw new Error("the institution's picture is not stored");
      expect(image.personal).toBe(false);
      expect(canSeeImage(image, null)).toBe(true);
    }
  });
});
