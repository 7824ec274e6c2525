import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { DRAFT_FIELD_LIMITS, DRAFT_MAX_BYTES, DRAFT_TOO_LARGE } from "~/auth/signup-draft.server";
import { SIGNUP_MESSAGES } from "~/auth/signup-schemas";
import { emailOutbox, events, signupDrafts, users } from "~/db/schema";
import { FILL_ALL_DATA } from "~/forms/missing-fields";
import { RATE_LIMITS } from "~/security/rate-limit.server";

/** The 429 says how long to wait (ADR 0013). */
const WAIT_MESSAGE = /Muitas tentativas\. Aguarde \d+ (minutos?|horas) e tente novamente\./;

import { formatCnpj, HttpClient, uniqueEmail } from "../helpers/accounts";
import { readMailDir } from "../helpers/mail";
import { eventFormData, logServerOnFailure, signedInClient } from "../helpers/members";
import { type SecurityServer, startSecurityServer } from "../helpers/security-server";
import {
  credentialsStep,
  institutionDetailsStep,
  lastStepForm,
  profileStep,
} from "../helpers/signup-posts";

/**
 * Issue 11, items 3, 4, 7 and 9 over HTTP, as crafted posts (docs/decisions/0016 and 0018): the
 * sign-up draft keeps only each step's known fields within their limits and a total size, and
 * new drafts are limited per address; no e-mail value that is not exactly one address, whatever
 * the post sequence (the "back" intent included), ever reaches the institution's account or the
 * outbox; the "CNPJ já cadastrado" answer is limited per address; a "saved" image choice counts
 * only when the record has an image. The last test stops the server and reads what it stored.
 */

type Key = "approved" | "volunteer" | "admin";
let server: SecurityServer<Key>;
const clients = {} as Record<Key, HttpClient>;

beforeAll(async () => {
  server = await startSecurityServer({
    accounts: {
      approved: { kind: "institution", status: "APPROVED", name: "Instituição Registrada" },
      volunteer: { kind: "volunteer", name: "Vera Candidata" },
      admin: { kind: "admin" },
    },
    events: [
      {
        key: "coverless",
        institution: "approved",
        name: "Evento sem capa",
        status: "PENDING",
        withoutCover: true,
      },
    ],
  });
  clients.approved = await signedInClient(server, server.accounts.approved);
  clients.volunteer = await signedInClient(server, server.accounts.volunteer);
  clients.admin = new HttpClient(server.url);
  const admin = await clients.admin.signIn(server.accounts.admin, "/admin/login");
  expect(admin.status).toBe(302);
});

afterEach(({ task }) => logServerOnFailure(task, server));

afterAll(async () => {
  await server?.stop();
});

/** Text that must never be stored or shown: it only ever travels in fields nobody asked for. */
const UNKNOWN_MARK = "MARCA-CAMPO-DESCONHECIDO";

/** Where each client's last step post sent it: the address of the step it is on. */
const stepAddress = new WeakMap<HttpClient, string>();

/** Posts a step and expects the wizard to move on (302 to the next step's address). */
async function step(client: HttpClient, fields: Record<string, string>): Promise<void> {
  const response = await client.post("/auth/cadastro", fields);
  const body = await response.text();
  expect(response.status, `step ${fields.step} ${fields.intent}: ${body.slice(0, 200)}`).toBe(302);
  const location = response.headers.get("location") ?? "";
  expect(location).toMatch(/^\/auth\/cadastro\?etapa=\d$/);
  stepAddress.set(client, location);
}

/** The wizard's page as this client sees it now: the step its last post went to. */
const wizardPage = async (client: HttpClient) =>
  (await client.get(stepAddress.get(client) ?? "/auth/cadastro")).text();

/** The value attribute of the page's input `name`. */
const inputValue = (html: string, name: string) =>
  new RegExp(`name="${name}"[^>]*value="([^"]*)"|value="([^"]*)"[^>]*name="${name}"`)
    .exec(html)
    ?.slice(1)
    .find((value) => value !== undefined);

/** Step 2 again after going back: the password is on file, so it may be left blank. */
const passwordOnFile = { step: "2", intent: "next", phone: "11912345678", acceptTerms: "on" };

describe("the sign-up draft keeps only what each step asks for", () => {
  it("unknown fields, many fields and over-long values posted with “back” are cut or refused, never stored or shown", async () => {
    const client = new HttpClient(server.url);
    await step(client, profileStep("VOLUNTEER"));
    const form: Record<string, string> = {
      step: "2",
      intent: "back",
      email: `${"a".repeat(5_000)}@teste.org.br`,
      phone: "9".repeat(5_000),
      password: "segredoForte123",
      profileType: "ADMIN",
      role: "ADMIN",
      isAdmin: "true",
      resume: `${UNKNOWN_MARK} (not a field of step 2)`,
    };
    for (let index = 0; index < 300; index++) form[`campo${index}`] = `${UNKNOWN_MARK}-${index}`;
    const response = await client.post("/auth/cadastro", form);
    // Cut here, or refused before it is read by a limit on the number of fields: either way
    // nothing unknown is kept (checked in the database at the end).
    expect([302, 400, 413]).toContain(response.status);
    const page = await wizardPage(client);
    expect(page).not.toContain(UNKNOWN_MARK);
    if (response.status === 302) {
      // Back on step 1; step 2 shows what was typed there, cut to the field's limit.
      await step(client, profileStep("VOLUNTEER"));
      const credentials = await wizardPage(client);
      expect(inputValue(credentials, "email")).toBe("a".repeat(DRAFT_FIELD_LIMITS.email));
      expect(inputValue(credentials, "phone")?.replace(/\D/g, "").length).toBeLessThanOrEqual(
        DRAFT_FIELD_LIMITS.phone,
      );
      expect(credentials).not.toContain(UNKNOWN_MARK);
    }
  });

  it("a refused step shows again only its own fields, never what else was posted", async () => {
    const client = new HttpClient(server.url);
    await step(client, profileStep("INSTITUTION"));
    const response = await client.post("/auth/cadastro", {
      ...credentialsStep("nao-e-um-email"),
      about: UNKNOWN_MARK,
      [`${UNKNOWN_MARK}-nome`]: "x",
    });
    expect(response.status).toBe(400);
    const body = await response.text();
    expect(body).toContain("E-mail inválido.");
    expect(body).not.toContain(UNKNOWN_MARK);
  });

  it(`a draft past ${DRAFT_MAX_BYTES / 1024} KB in all is refused (413) and stays as it was`, async () => {
    // Every value within its field's limit, in three-byte characters, filled on both paths of
    // the wizard (a volunteer's summary, then an institution's details and about).
    const wide = (length: number) => "€".repeat(length);
    const client = new HttpClient(server.url);
    const email = uniqueEmail("grande");
    await step(client, profileStep("VOLUNTEER"));
    await step(client, credentialsStep(email));
    await step(client, {
      step: "3",
      intent: "back",
      name: wide(50),
      uf: "SP",
      city: wide(60),
      resume: wide(1200),
    });
    await step(client, { step: "2", intent: "back" });
    await step(client, profileStep("INSTITUTION"));
    await step(client, { ...passwordOnFile, email });
    await step(
      client,
      institutionDetailsStep({
        city: "São José do Vale do Rio Preto",
        name: wide(50),
        responsible: wide(50),
        street: wide(100),
        number: wide(10),
        neighborhood: wide(60),
        complete: wide(60),
      }),
    );
    // Without a summary (the volunteer's 1200 characters stay), with the longest about.
    const response = await client.post("/auth/cadastro", {
      step: "4",
      intent: "back",
      about: wide(1200),
      contactEmail: wide(50),
      volunteeringType: wide(10),
      permitDivulgation: wide(3),
    });
    expect(response.status).toBe(413);
    expect(await response.text()).toContain(DRAFT_TOO_LARGE);
    // Still on step 4, with the draft as it was.
    expect(await wizardPage(client)).toContain("Perfil da instituição");
  });

  it(`new drafts: ${RATE_LIMITS.signupDraftPerNetwork.limit} an address per hour (IPv6: per /64), then 429`, async () => {
    const { limit } = RATE_LIMITS.signupDraftPerNetwork;
    const newVisitor = (ip: string) => new HttpClient(server.url, ip);
    const statuses: number[] = [];
    for (let batch = 0; batch < limit / 20; batch++) {
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          newVisitor(`2001:db8:aa:bb::${(batch * 20 + index + 1).toString(16)}`)
            .post("/auth/cadastro", profileStep("VOLUNTEER"))
            .then((response) => response.status),
        ),
      );
      statuses.push(...answers);
    }
    expect(statuses).toEqual(Array(limit).fill(302));
    // Another address of the same /64 (one subscriber's network) is over the limit too.
    const limited = await newVisitor("2001:db8:aa:bb:ffff::1").post(
      "/auth/cadastro",
      profileStep("VOLUNTEER"),
    );
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await limited.text()).toMatch(WAIT_MESSAGE);
    // Another network is not; nor is a visitor of the limited one whose draft already exists.
    const other = await newVisitor("2001:db8:aa:cc::1").post(
      "/auth/cadastro",
      profileStep("VOLUNTEER"),
    );
    expect(other.status).toBe(302);
    expect(server.logEntries()).toContainEqual(
      expect.objectContaining({ msg: "sign-up draft rate-limited" }),
    );
  });
});

/** Values that are not exactly one e-mail address. */
const HOSTILE_EMAILS = {
  crlf: "vitima@teste.org.br\r\nBcc: todos@atacante.com",
  list: "vitima@teste.org.br,outra@atacante.com",
  name: '"Equipe" <outra@atacante.com>',
};

let institutionEmail = "";
const CONTACT_EMAIL = "contato.caminho@teste.org.br";

describe("e-mail values on the institution path", () => {
  it("a CR/LF e-mail, a comma list and a display name, posted at every step (with “back” too), never reach the account", async () => {
    const client = new HttpClient(server.url);
    institutionEmail = uniqueEmail("caminho");
    await step(client, profileStep("INSTITUTION"));
    for (const hostile of Object.values(HOSTILE_EMAILS)) {
      const response = await client.post("/auth/cadastro", credentialsStep(hostile));
      expect(response.status).toBe(400);
      expect(await response.text()).toContain("E-mail inválido.");
    }
    await step(client, credentialsStep(institutionEmail));

    // Step 3 goes back with an e-mail of its own: step 3 has no e-mail field, it is dropped.
    await step(client, { step: "3", intent: "back", email: HOSTILE_EMAILS.crlf });
    expect(inputValue(await wizardPage(client), "email")).toBe(institutionEmail);
    await step(client, { ...passwordOnFile, email: institutionEmail });
    await step(client, institutionDetailsStep({ email: HOSTILE_EMAILS.list }));

    // Step 4: "back" keeps its contact e-mail as typed (to show), never as an address.
    await step(client, {
      step: "4",
      intent: "back",
      email: HOSTILE_EMAILS.name,
      contactEmail: HOSTILE_EMAILS.crlf,
    });
    const details = await wizardPage(client);
    expect(details).not.toContain("atacante");
    await step(client, institutionDetailsStep());
    for (const hostile of Object.values(HOSTILE_EMAILS)) {
      const response = await client.post(
        "/auth/cadastro",
        await lastStepForm("INSTITUTION", { contactEmail: hostile }),
      );
      expect(response.status).toBe(400);
      expect(await response.text()).toContain("E-mail de contato inválido.");
    }
    // The last step with an e-mail field of its own: ignored, the account takes step 2's.
    const done = await client.post(
      "/auth/cadastro",
      await lastStepForm("INSTITUTION", {
        contactEmail: CONTACT_EMAIL,
        email: HOSTILE_EMAILS.crlf,
      }),
    );
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/auth/cadastro?etapa=concluido");

    // The outbox gets its work: the admin approves (e-mail to the account), a volunteer
    // applies (e-mail to the contact address).
    const exported = (await (await client.get("/app/meus-dados/arquivo")).json()) as {
      user: { id: string; email: string };
      institution: { contactEmail: string };
    };
    expect(exported.user.email).toBe(institutionEmail);
    expect(exported.institution.contactEmail).toBe(CONTACT_EMAIL);
    const approved = await clients.admin.post("/admin/dashboard", {
      intent: "aprovar-instituicao",
      id: exported.user.id,
    });
    expect(approved.status).toBeLessThan(400);
    const applied = await clients.volunteer.post(`/app/seja-voluntario?id=${exported.user.id}`, {
      replyEmail: server.accounts.volunteer.email,
      phone: "+55 (11) 912345678",
      summary: "Quero ajudar aos sábados.",
    });
    expect(applied.status).toBe(302);
  });

  it("the application's reply e-mail is one address too", async () => {
    for (const hostile of Object.values(HOSTILE_EMAILS)) {
      const response = await clients.volunteer.post(
        `/app/seja-voluntario?id=${server.accounts.approved.id}`,
        { replyEmail: hostile, phone: "+55 (11) 912345678", summary: "Quero ajudar." },
      );
      expect(response.status).toBe(400);
      expect(await response.text()).toContain("E-mail inválido.");
    }
  });
});

describe("the CNPJ check", () => {
  it(`“CNPJ já cadastrado”: ${RATE_LIMITS.cnpjCheckPerNetwork.limit} answers an address per 15 minutes, then 429`, async () => {
    const { limit } = RATE_LIMITS.cnpjCheckPerNetwork;
    const atDetails = async () => {
      const client = new HttpClient(server.url);
      await step(client, profileStep("INSTITUTION"));
      await step(client, credentialsStep(uniqueEmail("cnpj")));
      return client;
    };
    const taken = institutionDetailsStep({
      cnpj: formatCnpj(server.accounts.approved.cnpj ?? ""),
    });
    const client = await atDetails();
    const answers = await Promise.all(
      Array.from({ length: limit }, () => client.post("/auth/cadastro", taken)),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(limit).fill(400));
    expect(await answers[0]?.text()).toContain(SIGNUP_MESSAGES.cnpjTaken);
    const limited = await client.post("/auth/cadastro", taken);
    expect(limited.status).toBe(429);
    expect(await limited.text()).toMatch(WAIT_MESSAGE);
    // A CNPJ that is free cannot be told from a taken one any more from here either.
    const free = await client.post("/auth/cadastro", institutionDetailsStep());
    expect(free.status).toBe(429);
    // Another address still gets its answer.
    const other = await (await atDetails()).post("/auth/cadastro", taken);
    expect(other.status).toBe(400);
    expect(await other.text()).toContain(SIGNUP_MESSAGES.cnpjTaken);
  });
});

describe("a “saved” image choice counts only when an image is saved", () => {
  const expectFillAll = async (response: Response, field: string) => {
    expect(response.status).toBe(400);
    const body = await response.text();
    expect(body).toContain(FILL_ALL_DATA);
    expect(body).toMatch(
      new RegExp(`name="${field}"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*name="${field}"`),
    );
  };

  it("a new event posted with landingImage=saved (no file) is refused with “Informe todos os dados”", async () => {
    await expectFillAll(
      await clients.approved.post(
        "/app/novo-evento",
        eventFormData({ name: "Evento forjado", landingImage: "saved" }),
      ),
      "landingImage",
    );
  });

  it("an event whose cover is gone cannot keep it, however the form is posted", async () => {
    const url = `/app/eventos/${server.ids.coverless}/editar`;
    await expectFillAll(
      await clients.approved.post(
        url,
        eventFormData({ name: "Sem capa 1", landingImage: "saved" }),
      ),
      "landingImage",
    );
    await expectFillAll(
      await clients.approved.post(url, eventFormData({ name: "Sem capa 2" })),
      "landingImage",
    );
  });

  it("a removed photo cannot be kept by posting “saved”; leaving the saved photo alone still works", async () => {
    const volunteerForm = (extra: Record<string, string>) => ({
      name: "Vera Candidata",
      uf: "SP",
      city: "São Paulo",
      resume: "Gosto de ajudar nas ações do meu bairro.",
      ...extra,
    });
    await expectFillAll(
      await clients.volunteer.post(
        "/app/atualizar-voluntario",
        volunteerForm({ previewImage: "saved", previewImageRemoved: "true" }),
      ),
      "previewImage",
    );
    await expectFillAll(
      await clients.approved.post("/app/atualizar-instituicao", {
        resume: "Apoio escolar no bairro.",
        about: "Sobre a instituição, com dez letras.",
        contactEmail: "contato@teste.org.br",
        landingImage: "saved",
        landingImageRemoved: "true",
      }),
      "landingImage",
    );
    const kept = await clients.volunteer.post("/app/atualizar-voluntario", volunteerForm({}));
    expect(kept.status).toBe(302);
  });
});

describe("what the server stored", () => {
  it("drafts with known fields only, within limits; one-address recipients only; no forged event", async () => {
    const found = await server.stopAndInspect(async (db) => ({
      drafts: await db.select({ data: signupDrafts.data }).from(signupDrafts),
      outbox: await db.select({ to: emailOutbox.to, kind: emailOutbox.kind }).from(emailOutbox),
      users: await db.select({ email: users.email }).from(users),
      events: await db.select({ name: events.name, cover: events.coverImageId }).from(events),
      sizes: await db.execute<{ bytes: number }>(
        sql`select octet_length(data::text)::int as bytes from signup_drafts`,
      ),
    }));
    expect(found.drafts.length).toBeGreaterThan(RATE_LIMITS.signupDraftPerNetwork.limit);
    for (const { data } of found.drafts) {
      for (const [field, value] of Object.entries(data)) {
        expect(Object.keys(DRAFT_FIELD_LIMITS), field).toContain(field);
        expect(value.length).toBeLessThanOrEqual(
          DRAFT_FIELD_LIMITS[field as keyof typeof DRAFT_FIELD_LIMITS],
        );
        expect(value).not.toContain(UNKNOWN_MARK);
        if (field !== "resume" && field !== "about") expect(value).not.toMatch(/[\r\n]/);
      }
    }
    for (const { bytes } of found.sizes.rows)
      expect(Number(bytes)).toBeLessThanOrEqual(DRAFT_MAX_BYTES + 64);

    const sent = found.outbox.map((row) => `${row.kind} ${row.to}`).sort();
    // The sign-up's confirmation link and the approval to the account (ADR 0069), the application
    // to the contact address, and the volunteer's receipt to their own account (issue 13).
    expect(sent).toEqual(
      [
        `email-confirmation ${institutionEmail}`,
        `institution-review ${institutionEmail}`,
        `volunteer-application ${CONTACT_EMAIL}`,
        `application-receipt ${server.accounts.volunteer.email}`,
      ].sort(),
    );
    for (const { email } of found.users) expect(email).not.toMatch(/atacante|[\s,;<>"]/);
    const mail = await readMailDir(server.mailDir);
    for (const message of mail) expect(message.to).not.toContain("atacante");

    expect(found.events.map((event) => event.name)).not.toContain("Evento forjado");
    expect(found.events).toContainEqual({ name: "Evento sem capa", cover: null });
  });
});
