import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { events, guardianTokens, institutions, users, volunteers } from "~/db/schema";
import { textRuleMessage } from "~/lib/plain-text";
import { tokenDigest } from "~/lib/token-digest";
import { createRandom } from "~/seed/random.server";
import { HttpClient, uniqueEmail } from "../helpers/accounts";
import { type FixtureServer, startFixtureServer } from "../helpers/fixture-server";
import { eventFormData, logServerOnFailure, signedInClient } from "../helpers/members";
import { routesWithActions } from "../helpers/routes";
import {
  credentialsStep,
  institutionDetailsStep,
  lastStepForm,
  profileStep,
  signupAtLastStep,
} from "../helpers/signup-posts";

/**
 * Issue 39, deliverable 1, over HTTP against the production build: every single-line field of
 * every form refuses line breaks, control and bidirectional characters with the message that
 * names it, and every multi-line field refuses the controls it does not keep (ADR 0066). The
 * forms are listed by the route table: a route with an action that is not listed below fails
 * the first test, so a new form cannot be forgotten. A seeded generator picks the character and
 * where it goes, one of each class per field: TEXT_RULE_SEED=<n> replays a run. Then the
 * review's examples, and CRLF stored as LF.
 */

const SEED = Number(process.env.TEXT_RULE_SEED ?? Date.now() % 2 ** 31);

const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, index) => String.fromCodePoint(from + index));

const SINGLE_LINE_CLASSES: Record<string, string[]> = {
  "line break": ["\n", "\r\n", "\n\n", "\u2028", "\u2029"],
  "C0 control": range(0x01, 0x1f).filter((c) => c !== "\n"),
  DEL: ["\u007f"],
  "C1 control": range(0x80, 0x9f),
  "bidi override": range(0x202a, 0x202e),
  "bidi isolate": range(0x2066, 0x2069),
  "bidi mark": ["\u200e", "\u200f", "\u061c"],
};
const MULTI_LINE_REFUSED = Object.fromEntries(
  Object.entries(SINGLE_LINE_CLASSES)
    .filter(([name]) => name !== "line break")
    .map(([name, list]) => [name, list.filter((c) => !["\t", "\r"].includes(c))]),
);

type Actor = "volunteer" | "approved" | "admin" | "minor";
let server: FixtureServer<Actor>;
const clients = {} as Record<"volunteer" | "approved", HttpClient>;
const GUARDIAN_TOKEN = "t".repeat(43);

/** One form: who posts it, where, its valid fields, and its free-text fields by subject. */
interface FormPost {
  /** A client ready to post (signed in, or at the wizard's step). */
  client: () => Promise<HttpClient>;
  path: () => string;
  /** The whole valid post with `field` set to `value`. */
  body: (field: string, value: string) => Promise<FormData | Record<string, string>>;
  single: Record<string, string>;
  multi: Record<string, string>;
}

const signedIn = (who: "volunteer" | "approved") => async () => clients[who];

const FORMS: Record<string, FormPost[]> = {
  "auth/cadastro": [
    {
      client: () => signupAtLastStep(server.url, "VOLUNTEER"),
      path: () => "/auth/cadastro",
      body: (field, value) => lastStepForm("VOLUNTEER", { [field]: value }),
      single: { name: "O nome", guardianName: "O nome do responsável" },
      multi: { resume: "O resumo" },
    },
    {
      client: async () => {
        const client = new HttpClient(server.url);
        for (const step of [profileStep("INSTITUTION"), credentialsStep(uniqueEmail("texto"))]) {
          expect((await client.post("/auth/cadastro", step)).status).toBe(302);
        }
        return client;
      },
      path: () => "/auth/cadastro",
      body: async (field, value) => institutionDetailsStep({ [field]: value }),
      single: {
        name: "O nome da instituição",
        responsible: "O responsável",
        street: "O logradouro",
        number: "O número",
        neighborhood: "O bairro",
        complete: "O complemento",
      },
      multi: {},
    },
    {
      client: () => signupAtLastStep(server.url, "INSTITUTION"),
      path: () => "/auth/cadastro",
      body: (field, value) => lastStepForm("INSTITUTION", { [field]: value }),
      single: {},
      multi: { resume: "O resumo", about: "O sobre" },
    },
  ],
  "app/atualizar-voluntario": [
    {
      client: signedIn("volunteer"),
      path: () => "/app/atualizar-voluntario",
      body: async (field, value) => ({
        name: "Vera Texto",
        uf: "SP",
        city: "São Paulo",
        resume: "Gosto de ajudar nas ações do bairro.",
        birthDate: "15/03/1995",
        [field]: value,
      }),
      single: { name: "O nome", guardianName: "O nome do responsável" },
      multi: { resume: "O resumo" },
    },
  ],
  "app/atualizar-instituicao": [
    {
      client: signedIn("approved"),
      path: () => "/app/atualizar-instituicao",
      body: async (field, value) => ({
        name: "Instituição Aprovada",
        responsible: "Pessoa Responsável",
        representativeName: "Maria Silva",
        representativeRole: "Presidente",
        phone: "(11) 91234-5678",
        uf: "SP",
        city: "São Paulo",
        street: "Rua das Flores",
        number: "12",
        neighborhood: "Centro",
        complete: "Sala 2",
        resume: "Apoio escolar no bairro.",
        about: "Sobre a instituição, com dez letras.",
        volunteeringType: "Presencial",
        contactEmail: "contato@teste.org.br",
        [field]: value,
      }),
      single: {
        name: "O nome da instituição",
        responsible: "O responsável",
        representativeName: "O nome de quem assina",
        representativeRole: "O cargo",
        street: "O logradouro",
        number: "O número",
        neighborhood: "O bairro",
        complete: "O complemento",
      },
      multi: { resume: "O resumo", about: "O sobre" },
    },
  ],
  "app/novo-evento": [eventForm(() => "/app/novo-evento")],
  "app/eventos/:id/editar": [eventForm(() => `/app/eventos/${server.ids.event}/editar`)],
  "app/eventos/:id/mensagem": [
    {
      client: signedIn("approved"),
      path: () => `/app/eventos/${server.ids.event}/mensagem`,
      body: async (field, value) => ({
        subject: "Aviso importante",
        message: "Chegue às 8h, por favor.",
        sendId: randomUUID(),
        [field]: value,
      }),
      single: { subject: "O assunto" },
      multi: { message: "A mensagem" },
    },
  ],
  "app/seja-voluntario": [
    {
      client: signedIn("volunteer"),
      path: () => `/app/seja-voluntario?id=${server.accounts.approved.id}`,
      body: async (field, value) => ({
        replyEmail: "vera@teste.org.br",
        phone: "(11) 91234-5678",
        summary: "Quero ajudar aos sábados.",
        [field]: value,
      }),
      single: {},
      multi: { summary: "O resumo" },
    },
  ],
  "app/jornada": [
    {
      client: signedIn("volunteer"),
      path: () => "/app/jornada",
      body: async (field, value) => ({
        requestId: randomUUID(),
        month: "2026-01",
        hours: "4",
        description: "Aulas de reforço.",
        [field]: value,
      }),
      single: {},
      multi: { description: "A descrição" },
    },
  ],
  "app/instituicao/horas": [
    {
      client: signedIn("approved"),
      path: () => "/app/instituicao/horas",
      body: async (field, value) => ({
        intent: "decline",
        id: randomUUID(),
        reason: "Não confere.",
        [field]: value,
      }),
      single: {},
      multi: { reason: "O motivo" },
    },
  ],
  "responsavel/:token": [
    {
      client: async () => new HttpClient(server.url),
      path: () => `/responsavel/${GUARDIAN_TOKEN}`,
      body: async (field, value) => ({ name: "Maria Responsável", declare: "on", [field]: value }),
      single: { name: "O nome" },
      multi: {},
    },
  ],
};

function eventForm(path: () => string): FormPost {
  return {
    client: signedIn("approved"),
    path,
    body: async (field, value) => eventFormData({ format: "HIBRIDO", [field]: value }),
    single: {
      name: "O nome do evento",
      street: "O logradouro",
      number: "O número",
      neighborhood: "O bairro",
      complete: "O complemento",
      onlineLink: "O link",
    },
    multi: { resume: "O resumo", about: "O sobre" },
  };
}

/** Routes with an action and no free-text field a person types, and why. */
const NO_FREE_TEXT: Record<string, string> = {
  "auth/login": "e-mail and password only",
  "admin/login": "e-mail and password only",
  "eventos/:id": "an intent (join, leave)",
  "auth/esqueci-minha-senha": "e-mail only",
  "auth/resetar-senha": "passwords only",
  "auth/sair": "no fields",
  "auth/fotos": "a photo",
  "admin/dashboard":
    "a rejection's details: composeReason, unit-tested in tests/unit/forms/text-rule-every-form.test.ts",
  "app/atualizar-senha": "passwords only",
  "app/meus-dados": "the password only",
  "app/termos/:id": "a hash and an intent",
  "app/instituicao": "intents and ids",
  "app/instituicao/certificados": "a choice from the page's list",
  "app/instituicao/certificados/:id/revogar":
    "a multi-line reason of an issued certificate: revokeCertificateSchema, unit-tested",
  "app/certificados": "a choice and dates",
  "app/eventos/:id/horas": "hours and checkboxes",
  "app/eventos/:id/participantes": "an intent and an id",
  "app/e-mails": "an intent and the kinds chosen from the page's list",
  "auth/confirmar-email": "a token",
  "e-mail/cancelar": "a choice of scope (the token is in the address)",
  "app/instituicao/equipe":
    "an e-mail, a role and ids: inviteSchema and roleChangeSchema, unit-tested in tests/unit/forms/text-rule-every-form.test.ts",
  "convite/:token": "no fields (the token is in the address)",
};

beforeAll(async () => {
  server = await startFixtureServer({
    accounts: {
      volunteer: { kind: "volunteer", name: "Vera Texto" },
      approved: { kind: "institution", status: "APPROVED", name: "Instituição Aprovada" },
      admin: { kind: "admin" },
      minor: { kind: "volunteer", name: "Miguel Menor" },
    },
    events: [{ key: "event", institution: "approved", name: "Mutirão", status: "APPROVED" }],
    beforeStart: async (db, accounts) => {
      await db.insert(guardianTokens).values({
        digest: tokenDigest(GUARDIAN_TOKEN),
        volunteerId: accounts.minor.id,
        purpose: "ACCOUNT",
        email: "responsavel@teste.org.br",
        expiresAt: new Date(Date.now() + 86_400_000),
        createdAt: new Date(),
      });
    },
  });
  clients.volunteer = await signedInClient(server, server.accounts.volunteer);
  clients.approved = await signedInClient(server, server.accounts.approved);
}, 120_000);

afterEach(({ task }) => logServerOnFailure(task, server));

afterAll(async () => {
  await server?.stop();
});

async function postAndRead(form: FormPost, client: HttpClient, field: string, value: string) {
  const response = await client.post(form.path(), await form.body(field, value));
  return { status: response.status, body: await response.text() };
}

/** `base` with `character` inside it (never at an end, where trimming would take a space). */
function inside(base: string, character: string, random: ReturnType<typeof createRandom>) {
  const at = random.int(1, base.length - 1);
  return `${base.slice(0, at)}${character}${base.slice(at)}`;
}

/** React writes text with entities for a few characters; the messages hold none of them. */
const shown = (body: string, message: string) => body.includes(message);

describe(`the text rule on every form, over HTTP (seed ${SEED})`, () => {
  it("lists every route that takes a post", () => {
    const unlisted = routesWithActions().filter(
      (route) => !(route in FORMS) && !(route in NO_FREE_TEXT),
    );
    expect(unlisted, "routes with an action this test does not list").toEqual([]);
  });

  it("refuses each class of character in every single-line field, naming the field", async () => {
    const random = createRandom(SEED);
    for (const [route, forms] of Object.entries(FORMS)) {
      for (const form of forms) {
        const client = await form.client();
        for (const [field, subject] of Object.entries(form.single)) {
          const message = textRuleMessage(subject, "single-line");
          for (const [name, characters] of Object.entries(SINGLE_LINE_CLASSES)) {
            const value = inside("Rua Sete", random.pick(characters), random);
            const { status, body } = await postAndRead(form, client, field, value);
            const where = `${route} ${field} with a ${name} ${JSON.stringify(value)} (seed ${SEED})`;
            expect(status, where).toBe(400);
            expect(shown(body, message), `${where}: "${message}" not on the page`).toBe(true);
          }
        }
      }
    }
  });

  it("refuses in every multi-line field the controls it does not keep, naming the field", async () => {
    const random = createRandom(SEED + 1);
    for (const [route, forms] of Object.entries(FORMS)) {
      for (const form of forms) {
        const client = await form.client();
        for (const [field, subject] of Object.entries(form.multi)) {
          const message = textRuleMessage(subject, "multi-line");
          const [name, characters] = random.pick(Object.entries(MULTI_LINE_REFUSED));
          const value = inside("Texto de exemplo longo", random.pick(characters), random);
          const { status, body } = await postAndRead(form, client, field, value);
          const where = `${route} ${field} with a ${name} ${JSON.stringify(value)} (seed ${SEED})`;
          expect(status, where).toBe(400);
          expect(shown(body, message), `${where}: "${message}" not on the page`).toBe(true);
        }
      }
    }
  });
});

describe("the review's examples", () => {
  const FORGED = "Ana\n\n10. PAGAMENTO O voluntário pagará R$ 500";

  it("a name with a forged clause, RLO, BEL or FF is refused at sign-up and at profile edit", async () => {
    const message = textRuleMessage("O nome", "single-line");
    for (const name of [FORGED, "Ana\u202eazuoS", "Ana\u0007Souza", "Ana\u000cSouza"]) {
      const signup = await signupAtLastStep(server.url, "VOLUNTEER");
      const refused = await signup.post(
        "/auth/cadastro",
        await lastStepForm("VOLUNTEER", { name }),
      );
      expect(refused.status, JSON.stringify(name)).toBe(400);
      expect(await refused.text()).toContain(message);
      const edit = await postAndRead(
        (FORMS["app/atualizar-voluntario"] as FormPost[])[0] as FormPost,
        clients.volunteer,
        "name",
        name,
      );
      expect(edit.status, JSON.stringify(name)).toBe(400);
      expect(edit.body).toContain(message);
    }
  });

  it("an event's street with a line break is refused; CRLF in “Sobre” is stored as LF", async () => {
    const street = await clients.approved.post(
      `/app/eventos/${server.ids.event}/editar`,
      eventFormData({ street: "Rua A\n\n10. PAGAMENTO" }),
    );
    expect(street.status).toBe(400);
    expect(await street.text()).toContain(textRuleMessage("O logradouro", "single-line"));

    const saved = await clients.volunteer.post("/app/atualizar-voluntario", {
      name: "Vera Texto",
      uf: "SP",
      city: "São Paulo",
      resume: "Primeira linha.\r\nSegunda linha.\rTerceira.",
      birthDate: "15/03/1995",
    });
    expect(saved.status).toBe(302);
    const stored = await server.stopAndInspect(async (db) => {
      const [volunteer] = await db
        .select({ summary: volunteers.summary, name: users.name })
        .from(volunteers)
        .innerJoin(users, eq(users.id, volunteers.userId))
        .where(eq(volunteers.userId, server.accounts.volunteer.id));
      const names = await db.select({ name: institutions.name }).from(institutions);
      const streets = await db.select({ street: events.street }).from(events);
      return { volunteer, names, streets };
    });
    expect(stored.volunteer).toEqual({
      summary: "Primeira linha.\nSegunda linha.\nTerceira.",
      name: "Vera Texto",
    });
    for (const { name } of stored.names) expect(name).not.toMatch(/[\p{Cc}\p{Bidi_Control}]/u);
    for (const { street } of stored.streets) expect(street).not.toMatch(/[\p{Cc}]/u);
  });
});
