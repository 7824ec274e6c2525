import { createHash, randomUUID } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import {
  agreements,
  auditLog,
  certificateHolders,
  certificates,
  events,
  institutionInvitations,
  institutionMembers,
  institutions,
  participations,
  volunteerHours,
  volunteerRequests,
} from "~/db/schema";
import { FIXTURE_PASSWORD, HttpClient, redirectTarget } from "../helpers/accounts";
import { acceptEveryTermo } from "../helpers/agreement-world";
import { makeJpeg } from "../helpers/images";
import { INSTITUTION_FORM_AUDITS } from "../helpers/institution-audits";
import { eventFormData, logServerOnFailure } from "../helpers/members";
import {
  type DeclaredRoute,
  declaredRoutes,
  protectedRoutes,
  routeExists,
  routesWithActions,
} from "../helpers/routes";
import { type SecurityServer, startSecurityServer } from "../helpers/security-server";
import { PROJECT_ROOT } from "../helpers/server";

/**
 * The route guards of docs/spec.md 2 as a matrix: who (anonymous, volunteer, institution under
 * review, approved institution, admin) asks for which protected route, and how (a page, React
 * Router's `.data` request as a client-side navigation sends it, a direct form POST, a POST to
 * `.data`). Each cell gives the expected redirect or refusal. Guards run on the server for each
 * request, so no way of asking gets past them.
 *
 * Adding a protected route? Put it under its guard layout in app/routes.ts and add its row to
 * ROWS: the completeness tests below fail until every protected route of app/routes.ts has one
 * and sits under a guard layout. Rows of routes not (yet) declared are skipped.
 *
 * Then every action: each form intent of each protected route (the admin's approve, reject,
 * delete and reset; the institution's accept, decline and cancel; the member forms) is posted,
 * complete and valid, by every actor the guards refuse, and must be refused the same way; the
 * database afterwards must equal the database before the server started (compared table by
 * table). Last, the same forms posted by the actor they belong to succeed: proof that the
 * refused posts would have changed something had a guard let them through.
 */

const ACTORS = ["anonymous", "volunteer", "pending", "approved", "admin"] as const;
type Actor = (typeof ACTORS)[number];

/**
 * "ok": the page answers 200. "passes": the guards let the request through, whatever the page
 * then decides (its own business, e.g. an approved-only screen sending others to their status
 * page). "login": to /auth/login remembering path and query; "admin-login": to /admin/login,
 * likewise; `{ redirect }`: that redirect.
 */
type Outcome = "ok" | "passes" | "login" | "admin-login" | { redirect: string };

interface Row {
  /** As declared in app/routes.ts. */
  route: string;
  /** The URL asked for (path and query), built once the fixture accounts exist. */
  url: () => string;
  expected: Record<Actor, Outcome>;
  /** A resource route (a file download) has no `.data` form. */
  resource?: boolean;
}

const HOME: Outcome = { redirect: "/" };

/** docs/spec.md 2: an admin route without a session goes to /admin/login; anyone but an admin to /. */
const ADMIN_ROUTE: Record<Actor, Outcome> = {
  anonymous: "admin-login",
  volunteer: HOME,
  pending: HOME,
  approved: HOME,
  admin: "ok",
};

/** docs/spec.md 2: a USER route, optionally for one profile; the wrong profile or role goes to /. */
function userRoute(profile?: "VOLUNTEER" | "INSTITUTION"): Record<Actor, Outcome> {
  return {
    anonymous: "login",
    volunteer: profile === "INSTITUTION" ? HOME : "ok",
    pending: profile === "VOLUNTEER" ? HOME : "ok",
    approved: profile === "VOLUNTEER" ? HOME : "ok",
    admin: HOME,
  };
}

/**
 * A route of a later issue: the docs/spec.md 2 guard cells are asserted exactly; for the people the
 * guard lets in, only that it does (the page's own rules are that tests).
 */
function laterRoute(profile?: "VOLUNTEER" | "INSTITUTION"): Record<Actor, Outcome> {
  const expected = userRoute(profile);
  for (const actor of ACTORS) if (expected[actor] === "ok") expected[actor] = "passes";
  return expected;
}

type Key =
  | Exclude<Actor, "anonymous">
  | "other"
  | "pending2"
  | "pending3"
  | "decided"
  | "renamed1"
  | "renamed2"
  | "coordinator";
let server: SecurityServer<Key>;
const clients = {} as Record<Actor, HttpClient>;

const ROWS: Row[] = [
  { route: "app/voluntario", url: () => "/app/voluntario", expected: userRoute("VOLUNTEER") },
  {
    route: "app/instituicao",
    url: () => "/app/instituicao",
    expected: userRoute("INSTITUTION"),
  },
  // Issue 41: every member of a team sees it; a volunteer on no team goes home.
  {
    route: "app/instituicao/equipe",
    url: () => "/app/instituicao/equipe",
    expected: userRoute("INSTITUTION"),
  },

  {
    route: "app/atualizar-senha",
    url: () => "/app/atualizar-senha?origem=menu",
    expected: userRoute(),
  },
  {
    route: "app/seja-voluntario",
    url: () => `/app/seja-voluntario?id=${server.accounts.approved.id}`,
    expected: userRoute(),
  },
  {
    route: "app/atualizar-voluntario",
    url: () => "/app/atualizar-voluntario",
    expected: laterRoute("VOLUNTEER"),
  },
  {
    route: "app/atualizar-instituicao",
    url: () => "/app/atualizar-instituicao",
    expected: laterRoute("INSTITUTION"),
  },
  {
    route: "app/instituicao/previa",
    url: () => "/app/instituicao/previa",
    expected: userRoute("INSTITUTION"),
  },
  { route: "app/novo-evento", url: () => "/app/novo-evento", expected: laterRoute("INSTITUTION") },
  {
    route: "app/eventos/:id/editar",
    url: () => `/app/eventos/${randomUUID()}/editar`,
    expected: laterRoute("INSTITUTION"),
  },
  {
    route: "app/eventos/:id/participantes",
    url: () => `/app/eventos/${randomUUID()}/participantes`,
    expected: laterRoute("INSTITUTION"),
  },
  {
    route: "app/eventos/:id/participantes.csv",
    url: () => `/app/eventos/${randomUUID()}/participantes.csv`,
    expected: laterRoute("INSTITUTION"),
    resource: true,
  },
  {
    route: "app/eventos/:id/mensagem",
    url: () => `/app/eventos/${randomUUID()}/mensagem`,
    expected: laterRoute("INSTITUTION"),
  },
  // Issue 16: confirmed hours (helper B's routes).
  { route: "app/jornada", url: () => "/app/jornada", expected: userRoute("VOLUNTEER") },
  {
    route: "app/eventos/:id/horas",
    url: () => `/app/eventos/${randomUUID()}/horas`,
    expected: laterRoute("INSTITUTION"),
  },
  {
    route: "app/instituicao/horas",
    url: () => "/app/instituicao/horas",
    expected: laterRoute("INSTITUTION"),
  },
  // Certificates (issue 16, ADR 0052): a certificate of someone else answers 404 past the guard.
  { route: "app/certificados", url: () => "/app/certificados", expected: userRoute("VOLUNTEER") },
  {
    route: "app/certificados/:id/certificado.pdf",
    url: () => `/app/certificados/${toRevoke}/certificado.pdf`,
    expected: laterRoute(),
    resource: true,
  },
  {
    route: "app/instituicao/certificados",
    url: () => "/app/instituicao/certificados",
    expected: userRoute("INSTITUTION"),
  },
  {
    route: "app/instituicao/certificados/:id/revogar",
    url: () => `/app/instituicao/certificados/${toRevoke}/revogar`,
    expected: laterRoute("INSTITUTION"),
  },
  { route: "app/meus-dados", url: () => "/app/meus-dados", expected: laterRoute() },
  // Which optional e-mails to receive, and the confirmation link again (ADR 0068, 0069).
  { route: "app/e-mails", url: () => "/app/e-mails", expected: userRoute() },
  {
    route: "app/meus-dados/arquivo",
    url: () => "/app/meus-dados/arquivo",
    expected: laterRoute(),
    resource: true,
  },
  // Termos de adesão (issue 16): the volunteer's (any signed-in person may have one) and the
  // institution's; another person's termo is 404 past the guard.
  { route: "app/termos", url: () => "/app/termos", expected: laterRoute() },
  { route: "app/termos/:id", url: () => `/app/termos/${termoId}`, expected: laterRoute() },
  {
    route: "app/termos/:id/termo.pdf",
    url: () => `/app/termos/${termoId}/termo.pdf`,
    expected: laterRoute(),
    resource: true,
  },
  {
    route: "app/instituicao/termos",
    url: () => "/app/instituicao/termos",
    expected: laterRoute("INSTITUTION"),
  },
  {
    route: "app/instituicao/termos/:id/termo.pdf",
    url: () => `/app/instituicao/termos/${termoId}/termo.pdf`,
    expected: laterRoute("INSTITUTION"),
    resource: true,
  },
  { route: "admin/dashboard", url: () => "/admin/dashboard", expected: ADMIN_ROUTE },
  {
    route: "admin/auditoria.csv",
    url: () => "/admin/auditoria.csv?acao=institution.approve",
    expected: ADMIN_ROUTE,
    resource: true,
  },
  {
    route: "admin",
    url: () => "/admin",
    // An admin route like the dashboard; past the guard it only redirects there.
    expected: { ...ADMIN_ROUTE, admin: { redirect: "/admin/dashboard" } },
  },
];

beforeAll(async () => {
  server = await startSecurityServer({
    accounts: {
      volunteer: { kind: "volunteer" },
      pending: { kind: "institution", status: "PENDING" },
      approved: { kind: "institution", status: "APPROVED" },
      admin: { kind: "admin" },
      // Targets of the admin's intents, so each intent acts on a record of its own.
      other: { kind: "volunteer" },
      pending2: { kind: "institution", status: "PENDING" },
      pending3: { kind: "institution", status: "PENDING" },
      decided: { kind: "institution", status: "REJECTED" },
      renamed1: { kind: "institution", status: "APPROVED" },
      renamed2: { kind: "institution", status: "APPROVED" },
      // On the approved institution's team (issue 41): its role is changed, an event handed to
      // it and taken back, then it is removed.
      coordinator: { kind: "volunteer" },
    },
    // Two new names waiting for the admin's decision; a participant the institution may write
    // to and remove.
    beforeStart: async (db, accounts) => {
      for (const key of ["renamed1", "renamed2"] as const) {
        await db
          .update(institutions)
          .set({ proposedName: `Novo Nome ${key}` })
          .where(eq(institutions.userId, accounts[key].id));
      }
      const [event] = await db
        .select({ id: events.id })
        .from(events)
        .where(eq(events.name, "Evento para editar"));
      await db.insert(participations).values({
        id: toRemove,
        eventId: event?.id ?? "",
        userId: accounts.volunteer.id,
        status: "CONFIRMED",
      });
      // The volunteer's termo for that place, issued by the approved institution.
      await db.insert(agreements).values({
        id: termoId,
        volunteerId: accounts.volunteer.id,
        institutionId: accounts.approved.id,
        kind: "EVENT",
        participationId: toRemove,
        activity: "Evento para editar",
        templateVersion: "matriz",
        body: TERMO_BODY,
        bodySha256: TERMO_SHA,
      });
      await seedHours(db, accounts);
      await db.insert(institutionMembers).values({
        institutionId: accounts.approved.id,
        userId: accounts.coordinator.id,
        role: "COORDENADOR",
        invitedBy: accounts.approved.id,
      });
      await db.insert(institutionInvitations).values({
        id: invitationToCancel,
        institutionId: accounts.approved.id,
        email: "convidada@teste.org.br",
        role: "COORDENADOR",
        tokenHash: createHash("sha256").update(randomUUID()).digest("hex"),
        invitedBy: accounts.approved.id,
        expiresAt: new Date(Date.now() + 7 * 86_400_000),
      });
      // Hours wait for accepted termos (ADR 0070): every confirmed place's and accepted
      // application's but the one above, which the volunteer accepts in the matrix; and the
      // applications were accepted before the months logged and confirmed below.
      await acceptEveryTermo(db, accounts);
      await db
        .update(volunteerRequests)
        .set({ decidedAt: new Date("2024-12-02T12:00:00Z") })
        .where(eq(volunteerRequests.status, "ACCEPTED"));
      // Two confirmed hours of the volunteer there, and a certificate of them to revoke.
      await db.insert(volunteerHours).values({
        volunteerId: accounts.volunteer.id,
        institutionId: accounts.approved.id,
        kind: "EVENT",
        eventId: event?.id ?? "",
        workedOn: "2026-11-14",
        minutes: 120,
        status: "CONFIRMED",
        loggedBy: "INSTITUTION",
      });
      await db.insert(certificates).values({
        id: toRevoke,
        code: "GVARDS0MATR1",
        volunteerId: accounts.volunteer.id,
        institutionId: accounts.approved.id,
        scope: "EVENT",
        requestKey: "security-guards",
        institutionName: "Instituição da matriz",
        institutionCnpj: accounts.approved.cnpj ?? "",
        issuedPlace: "São Paulo/SP",
        activity: "Evento para editar",
        periodFrom: "2026-11-14",
        periodTo: "2026-11-14",
        totalMinutes: 120,
        hours: [
          { workedOn: "2026-11-14", kind: "EVENT", activity: "Evento para editar", minutes: 120 },
        ],
        issuedAt: new Date("2026-11-20T12:00:00Z"),
        issuedBy: accounts.volunteer.id,
        issuedByRole: "VOLUNTEER",
      });
      await db.insert(certificateHolders).values({
        certificateId: toRevoke,
        volunteerId: accounts.volunteer.id,
        name: "Voluntário da matriz",
      });
    },
    events: [
      { key: "toEdit", institution: "approved", name: "Evento para editar", status: "APPROVED" },
      {
        key: "toCancel",
        institution: "approved",
        name: "Evento para cancelar",
        status: "APPROVED",
      },
      { key: "toApprove", institution: "approved", name: "Evento para aprovar", status: "PENDING" },
      { key: "toReject", institution: "approved", name: "Evento para reprovar", status: "PENDING" },
      { key: "toDelete", institution: "approved", name: "Evento para excluir", status: "APPROVED" },
      { key: "toReopen", institution: "approved", name: "Evento para reabrir", status: "REJECTED" },
      {
        key: "hoursEvent",
        institution: "approved",
        name: "Evento que já passou",
        status: "APPROVED",
        eventDate: "2025-06-01",
      },
    ],
    applications: [
      { key: "toAccept", volunteer: "volunteer", institution: "approved" },
      { key: "toDecline", volunteer: "other", institution: "approved" },
      // Ongoing activities whose hours are logged, approved, declined and confirmed (issue 16).
      { key: "ongoing", volunteer: "other", institution: "approved", status: "ACCEPTED" },
      { key: "ownOngoing", volunteer: "volunteer", institution: "approved", status: "ACCEPTED" },
    ],
  });
  clients.anonymous = new HttpClient(server.url);
  await Promise.all(
    (["volunteer", "pending", "approved", "admin"] as const).map(async (actor) => {
      clients[actor] = new HttpClient(server.url);
      const door = actor === "admin" ? "/admin/login" : "/auth/login";
      const response = await clients[actor].signIn(server.accounts[actor], door);
      if (response.status !== 302) throw new Error(`${actor} could not sign in`);
    }),
  );
});

afterEach(({ task }) => logServerOnFailure(task, server));

afterAll(async () => {
  await server?.stop();
});

/** Where a refusal sends the asker, given the URL they asked for. */
function expectedTarget(outcome: Exclude<Outcome, "ok" | "passes">, url: string): string {
  if (outcome === "login") return `/auth/login?redirectTo=${encodeURIComponent(url)}`;
  if (outcome === "admin-login") return `/admin/login?redirectTo=${encodeURIComponent(url)}`;
  return outcome.redirect;
}

/** `/a/b?x=1` → `/a/b.data?x=1&_routes=<route id>`, as a client-side navigation asks. */
function dataUrl(url: string, routeId: string): string {
  const [pathname = "", query] = url.split("?");
  const params = new URLSearchParams(query);
  params.set("_routes", routeId);
  return `${pathname}.data?${params}`;
}

/** Where the guards send someone they refuse. */
const GUARD_REFUSAL = /^\/(auth\/login|admin\/login)?(\?|$)/;

const routeIds = new Map(protectedRoutes().map((route) => [route.path, route.id]));

/** The pathless layouts of app/routes.ts whose middleware is a guard (app/routes/_*.tsx). */
const GUARD_LAYOUTS = [
  "routes/_admin",
  "routes/_member",
  "routes/_volunteer",
  "routes/_institution",
];

describe("route guard matrix", () => {
  it("has a row for every protected route of app/routes.ts", () => {
    const covered = new Set(ROWS.map((row) => row.route));
    expect(protectedRoutes().filter((route) => !covered.has(route.path))).toEqual([]);
  });

  it("guards every protected route by its layout in app/routes.ts, and no other route", () => {
    const inGuardLayout = (route: DeclaredRoute) =>
      route.layouts.some((layout) => GUARD_LAYOUTS.includes(layout));
    expect(protectedRoutes().filter((route) => !inGuardLayout(route))).toEqual([]);
    const open = declaredRoutes().filter((route) => !routeIds.has(route.path));
    expect(open.filter(inGuardLayout)).toEqual([]);
    // One way to guard: the layout's middleware, never a route module's own.
    for (const route of protectedRoutes()) {
      const file = ["tsx", "ts"]
        .map((extension) => path.join(PROJECT_ROOT, "app", `${route.id}.${extension}`))
        .find((candidate) => existsSync(candidate));
      expect(readFileSync(file ?? "", "utf8"), route.id).not.toMatch(/export const middleware/);
    }
  });

  const cases = ROWS.flatMap((row) => ACTORS.map((actor) => ({ row, actor })));

  it.each(cases.map(({ row, actor }) => [row.route, actor, row] as const))(
    "%s · %s",
    async (route, actor, row) => {
      if (!routeExists(route)) return; // declared in the table ahead of its route
      const client = clients[actor];
      const outcome = row.expected[actor];
      const url = row.url();
      const routeId = routeIds.get(route) ?? "";

      const page = await client.get(url);
      const data = row.resource ? undefined : await client.get(dataUrl(url, routeId));

      if (outcome === "ok") {
        expect(page.status, `GET ${url}`).toBe(200);
        if (data) expect(data.status, `GET ${url} (.data)`).toBe(200);
        return;
      }
      if (outcome === "passes") {
        for (const response of [page, data]) {
          if (!response) continue;
          expect(response.status, `GET ${url}`).toBeLessThan(500);
          const target = (await redirectTarget(response)) ?? "(no redirect)";
          expect(target, `GET ${url}`).not.toMatch(GUARD_REFUSAL);
        }
        return;
      }
      const target = expectedTarget(outcome, url);
      expect(page.status, `GET ${url}`).toBe(302);
      expect(await redirectTarget(page), `GET ${url}`).toBe(target);
      if (data) {
        // React Router answers a `.data` request's redirect as 202 with the target in the body.
        expect(data.status, `GET ${url} (.data)`).toBe(202);
        expect(await redirectTarget(data), `GET ${url} (.data)`).toBe(target);
      }

      // A direct POST, as a form on our own site would send it (valid Origin): refused the same
      // way, before any action runs. (Those the guards let in are not posted: what a route does
      // with a POST is its own business.)
      if (!GUARD_REFUSAL.test(target)) return;
      const post = await client.post(url, { qualquer: "coisa" });
      expect(await redirectTarget(post), `POST ${url}`).toBe(target);
      if (!row.resource) {
        const postData = await client.post(dataUrl(url, routeId), { qualquer: "coisa" });
        expect(postData.status, `POST ${url} (.data)`).toBe(202);
        expect(await redirectTarget(postData), `POST ${url} (.data)`).toBe(target);
      }
    },
  );

  it("the sessions used above are still valid (no row signed anyone out)", async () => {
    for (const actor of ["volunteer", "pending", "approved"] as const) {
      expect((await clients[actor].get("/app/atualizar-senha")).status, actor).toBe(200);
    }
  });
});

// ------------------------------------------------------------------------------ actions

type Form = Record<string, string> | FormData;

interface Intent {
  /** The form's `intent` value, or a name for a form without one. */
  name: string;
  form: () => Form | Promise<Form>;
  /** Who may post it: the last phase posts it as them and expects success. */
  owner: Actor;
}

interface ActionRow {
  route: string;
  url: () => string;
  intents: Intent[];
  /**
   * Refusals past the guard, by the route itself: an institution under review may not answer
   * applications (403 with a message) nor manage events (back to its status screen).
   */
  routeRefusals?: Partial<Record<Actor, { status: number; text: string } | { redirect: string }>>;
}

const id = (key: string) => server.ids[key] ?? "";
/** The invitation the approved institution cancels (issue 41). */
const invitationToCancel = randomUUID();
/** The participation the institution removes (seeded on "Evento para editar"). */
const toRemove = randomUUID();
/** The volunteer's termo for that participation, which only they may accept. */
const termoId = randomUUID();
const TERMO_BODY = "TERMO DE ADESÃO\nMatriz de guardas\n\nTexto do termo da matriz.";
const TERMO_SHA = createHash("sha256").update(TERMO_BODY).digest("hex");
/** Another person's termo reads as one that does not exist. */
const NOT_FOUND = { status: 404, text: "" };
/** The certificate the approved institution revokes (of the volunteer's hours with it). */
const toRevoke = randomUUID();
const accountId = (key: Key) => server.accounts[key].id;
/** Months "other" logged for its ongoing activity, waiting for the institution (issue 16). */
const hoursToApprove = randomUUID();
const hoursToDecline = randomUUID();
const hoursToDeclineMany = randomUUID();

/** The volunteer's place in the past event, and two logged months waiting for a decision. */
async function seedHours(db: Database, accounts: Record<Key, { id: string }>) {
  const [past] = await db
    .select({ id: events.id })
    .from(events)
    .where(eq(events.name, "Evento que já passou"));
  await db
    .insert(participations)
    .values({ eventId: past?.id ?? "", userId: accounts.volunteer.id, status: "CONFIRMED" });
  const [request] = await db
    .select({ id: volunteerRequests.id })
    .from(volunteerRequests)
    .where(
      and(
        eq(volunteerRequests.volunteerId, accounts.other.id),
        eq(volunteerRequests.status, "ACCEPTED"),
      ),
    );
  const months = [
    { id: hoursToApprove, workedOn: "2025-01-01" },
    { id: hoursToDecline, workedOn: "2025-02-01" },
    { id: hoursToDeclineMany, workedOn: "2024-12-01" },
  ];
  for (const month of months) {
    await db.insert(volunteerHours).values({
      ...month,
      volunteerId: accounts.other.id,
      institutionId: accounts.approved.id,
      kind: "ONGOING",
      requestId: request?.id ?? "",
      minutes: 240,
      description: "Aulas de reforço",
      status: "PENDING",
      loggedBy: "VOLUNTEER",
    });
  }
}

/** A complete event form; the cover is a real JPEG when `withCover`. */
async function eventForm(name: string, withCover: boolean): Promise<FormData> {
  const cover = withCover ? { buffer: await makeJpeg({ width: 900, height: 340 }) } : undefined;
  return eventFormData({ name }, cover);
}

const admin = (intent: string, target: () => string, extra: Record<string, string> = {}) => ({
  name: intent,
  owner: "admin" as const,
  form: () => ({ intent, id: target(), ...extra }),
});

/** A rejection needs its reason (issue 14). */
const REASON = { motivo: "outro", detalhes: "Motivo escrito pelo teste de segurança." };

const NOT_APPROVED = { status: 403, text: "Apenas instituições aprovadas podem fazer isso." };
const TO_STATUS_SCREEN = { redirect: "/app/instituicao" };

/**
 * Every action of a protected route, in the order the last phase runs them as their owners
 * (an application is accepted before its volunteer applies again; the admin's deletions last).
 */
const ACTIONS: ActionRow[] = [
  // Written to before being removed below (a message needs someone confirmed).
  {
    route: "app/eventos/:id/mensagem",
    url: () => `/app/eventos/${id("toEdit")}/mensagem`,
    routeRefusals: { pending: TO_STATUS_SCREEN },
    intents: [
      {
        name: "send",
        owner: "approved",
        form: () => ({
          subject: "Mensagem da matriz",
          message: "Mensagem enviada pela matriz de guardas.",
          sendId: randomUUID(),
        }),
      },
    ],
  },
  {
    route: "app/eventos/:id/participantes",
    url: () => `/app/eventos/${id("toEdit")}/participantes`,
    routeRefusals: { pending: TO_STATUS_SCREEN },
    intents: [
      { name: "remove", owner: "approved", form: () => ({ intent: "remove", id: toRemove }) },
    ],
  },
  {
    route: "app/instituicao",
    url: () => "/app/instituicao",
    routeRefusals: { pending: NOT_APPROVED },
    intents: [
      { name: "accept", owner: "approved", form: () => ({ intent: "accept", id: id("toAccept") }) },
      {
        name: "decline",
        owner: "approved",
        form: () => ({ intent: "decline", id: id("toDecline") }),
      },
      {
        name: "cancel-event",
        owner: "approved",
        form: () => ({ intent: "cancel-event", id: id("toCancel") }),
      },
    ],
  },
  // Issue 16: only the event's (approved) institution confirms hours; a volunteer logs their own.
  {
    route: "app/eventos/:id/horas",
    url: () => `/app/eventos/${id("hoursEvent")}/horas`,
    routeRefusals: { pending: TO_STATUS_SCREEN },
    intents: [
      {
        name: "confirm",
        owner: "approved",
        form: () => {
          const person = accountId("volunteer");
          return {
            intent: "confirm",
            person,
            [`present-${person}`]: "on",
            [`hours-${person}`]: "4",
          };
        },
      },
    ],
  },
  {
    route: "app/instituicao/horas",
    url: () => "/app/instituicao/horas",
    routeRefusals: { pending: TO_STATUS_SCREEN },
    intents: [
      {
        name: "approve",
        owner: "approved",
        form: () => ({ intent: "approve", id: hoursToApprove }),
      },
      {
        name: "decline",
        owner: "approved",
        form: () => ({ intent: "decline", id: hoursToDecline, reason: "Recusado pela matriz." }),
      },
      {
        name: "decline-many",
        owner: "approved",
        form: () => ({
          intent: "decline-many",
          ids: hoursToDeclineMany,
          reason: "Recusados juntos pela matriz.",
        }),
      },
      {
        name: "month",
        owner: "approved",
        form: () => ({
          intent: "month",
          requestId: id("ongoing"),
          month: "2025-03",
          hours: "4",
          description: "Confirmado pela matriz.",
        }),
      },
    ],
  },
  {
    route: "app/jornada",
    url: () => "/app/jornada",
    intents: [
      {
        name: "log",
        owner: "volunteer",
        form: () => ({
          requestId: id("ownOngoing"),
          month: "2025-04",
          hours: "2,5",
          description: "Registrado pela matriz.",
        }),
      },
    ],
  },
  {
    route: "app/eventos/:id/editar",
    url: () => `/app/eventos/${id("toEdit")}/editar`,
    routeRefusals: { pending: TO_STATUS_SCREEN },
    intents: [{ name: "save", owner: "approved", form: () => eventForm("Evento editado", false) }],
  },
  // Issue 41: the team, in an order that works: a role changed, an event handed on and taken
  // back, an invitation cancelled and another sent, then the coordinator removed.
  {
    route: "app/instituicao/equipe",
    url: () => "/app/instituicao/equipe",
    intents: [
      {
        name: "role",
        owner: "approved",
        form: () => ({ intent: "role", userId: accountId("coordinator"), choice: "LIMITED" }),
      },
      {
        name: "assign",
        owner: "approved",
        form: () => ({ intent: "assign", id: accountId("coordinator"), eventId: id("toEdit") }),
      },
      {
        name: "unassign",
        owner: "approved",
        form: () => ({ intent: "unassign", id: accountId("coordinator"), eventId: id("toEdit") }),
      },
      {
        name: "cancel-invite",
        owner: "approved",
        form: () => ({ intent: "cancel-invite", id: invitationToCancel }),
      },
      {
        name: "invite",
        owner: "approved",
        form: () => ({
          intent: "invite",
          email: "nova.coordenadora@teste.org.br",
          role: "COORDENADOR",
        }),
      },
      {
        name: "remove",
        owner: "approved",
        form: () => ({ intent: "remove", id: accountId("coordinator") }),
      },
    ],
  },
  {
    route: "app/novo-evento",
    url: () => "/app/novo-evento",
    routeRefusals: { pending: TO_STATUS_SCREEN },
    intents: [{ name: "create", owner: "approved", form: () => eventForm("Evento novo", true) }],
  },
  {
    route: "app/atualizar-instituicao",
    url: () => "/app/atualizar-instituicao",
    intents: [
      {
        name: "save",
        owner: "approved",
        form: () => ({
          resume: "Resumo trocado pela matriz.",
          about: "Sobre trocado pela matriz de guardas.",
          contactEmail: "trocado@teste.org.br",
          volunteeringType: "Online",
        }),
      },
    ],
  },
  {
    route: "app/atualizar-voluntario",
    url: () => "/app/atualizar-voluntario",
    intents: [
      {
        name: "save",
        owner: "volunteer",
        form: () => ({
          name: "Nome Trocado",
          uf: "RJ",
          city: "Niterói",
          resume: "Resumo trocado pela matriz de guardas.",
        }),
      },
    ],
  },
  {
    route: "app/seja-voluntario",
    url: () => `/app/seja-voluntario?id=${accountId("approved")}`,
    intents: [
      {
        name: "apply",
        owner: "volunteer",
        form: () => ({
          replyEmail: "resposta@teste.org.br",
          phone: "+55 (11) 912345678",
          summary: "Candidatura enviada pela matriz de guardas.",
        }),
      },
    ],
  },
  {
    route: "app/termos/:id",
    url: () => `/app/termos/${termoId}`,
    routeRefusals: { pending: NOT_FOUND, approved: NOT_FOUND },
    intents: [{ name: "accept", owner: "volunteer", form: () => ({ sha256: TERMO_SHA }) }],
  },
  {
    route: "app/atualizar-senha",
    url: () => "/app/atualizar-senha",
    intents: [
      {
        name: "change",
        owner: "pending",
        form: () => ({
          currentPassword: FIXTURE_PASSWORD,
          newPassword: "senhaTrocada2027",
          confirmPassword: "senhaTrocada2027",
        }),
      },
    ],
  },
  // Certificates: the institution under review confirmed no hours, so it may issue for nobody,
  // and the approved institution's certificate is not its to revoke (404).
  {
    route: "app/certificados",
    url: () => "/app/certificados",
    intents: [
      { name: "issue", owner: "volunteer", form: () => ({ target: `EVENT:${id("toEdit")}` }) },
    ],
  },
  {
    route: "app/instituicao/certificados",
    url: () => "/app/instituicao/certificados",
    routeRefusals: { pending: { status: 400, text: "Não há horas confirmadas" } },
    intents: [
      {
        name: "issue",
        owner: "approved",
        form: () => ({
          target: `${accountId("volunteer")}:PERIOD:${accountId("approved")}`,
        }),
      },
    ],
  },
  {
    route: "app/instituicao/certificados/:id/revogar",
    url: () => `/app/instituicao/certificados/${toRevoke}/revogar`,
    routeRefusals: { pending: { status: 404, text: "" } },
    intents: [
      {
        name: "revoke",
        owner: "approved",
        form: () => ({ reason: "Revogado pela matriz de guardas." }),
      },
    ],
  },
  {
    route: "app/meus-dados",
    url: () => "/app/meus-dados",
    intents: [{ name: "delete", owner: "volunteer", form: () => ({ password: FIXTURE_PASSWORD }) }],
  },
  {
    route: "app/e-mails",
    url: () => "/app/e-mails",
    intents: [
      {
        name: "salvar",
        owner: "approved",
        form: () => ({ intent: "salvar", tipo: "participation-reminder" }),
      },
    ],
  },
  {
    route: "admin/dashboard",
    url: () => "/admin/dashboard",
    intents: [
      admin("aprovar-instituicao", () => accountId("pending")),
      admin("reprovar-instituicao", () => accountId("pending2"), REASON),
      admin("reabrir-instituicao", () => accountId("decided")),
      admin("excluir-instituicao", () => accountId("pending3")),
      admin("aprovar-evento", () => id("toApprove")),
      admin("reprovar-evento", () => id("toReject"), REASON),
      admin("reabrir-evento", () => id("toReopen")),
      admin("aprovar-nome", () => accountId("renamed1")),
      admin("recusar-nome", () => accountId("renamed2"), REASON),
      {
        name: "salvar-configuracao",
        owner: "admin" as const,
        form: () => ({ intent: "salvar-configuracao", eventChangesNeedReview: "on" }),
      },
      admin("excluir-evento", () => id("toDelete")),
      admin("resetar-senha", () => accountId("other"), { origem: "voluntario" }),
      admin("excluir-voluntario", () => accountId("other")),
    ],
  },
];

/** The intents a source file accepts: the admin's z.enum, the institution home's DONE keys. */
function intentsIn(file: string, block: RegExp, item: RegExp): string[] {
  const source = readFileSync(path.join(PROJECT_ROOT, file), "utf8");
  const found = block.exec(source)?.[1] ?? "";
  return [...found.matchAll(item)].map((match) => match[1] ?? "").sort();
}

const rowOf = (route: string) => ROWS.find((row) => row.route === route);
const intentsOf = (route: string) =>
  ACTIONS.find((row) => row.route === route)
    ?.intents.map((intent) => intent.name)
    .sort();

describe("every action, posted by everyone the guards refuse", () => {
  it("has a row for every protected route with an action, and every intent of each", () => {
    const protectedPaths = new Set(protectedRoutes().map((route) => route.path));
    const withActions = routesWithActions().filter((route) => protectedPaths.has(route));
    expect(withActions.length).toBeGreaterThan(5);
    expect(ACTIONS.map((row) => row.route).sort()).toEqual(withActions.sort());
    expect(intentsOf("admin/dashboard")).toEqual(
      intentsIn(
        "app/routes/admin.dashboard.server.ts",
        /intent: z\.enum\(\[([^\]]+)\]/,
        /"([a-z-]+)"/g,
      ),
    );
    expect(intentsOf("app/instituicao")).toEqual(
      intentsIn(
        "app/routes/app.instituicao.tsx",
        /const DONE[^{]+\{([^}]+)\}/,
        /^\s*"?([a-z-]+)"?:/gm,
      ),
    );
    expect(intentsOf("app/instituicao/horas")).toEqual([
      ...new Set(
        intentsIn(
          "app/routes/app.instituicao.horas.tsx",
          /export async function action([\s\S]*?)\n}\n/,
          /intent [!=]== "([a-z-]+)"/g,
        ),
      ),
    ]);
  });

  const cases = ACTIONS.flatMap((action) =>
    action.intents.flatMap((intent) =>
      ACTORS.map((actor) => [action.route, intent.name, actor, action, intent] as const),
    ),
  );

  it.each(cases)("%s · %s · %s", async (route, _name, actor, action, intent) => {
    const guard = rowOf(route)?.expected[actor];
    const byRoute = action.routeRefusals?.[actor];
    if (!guard) throw new Error(`no guard row for ${route}`);
    const refusedByGuard = guard !== "ok" && guard !== "passes";
    if (!refusedByGuard && !byRoute) return; // allowed: posted in the last phase only
    const url = action.url();
    const routeId = routeIds.get(route) ?? "";
    for (const target of [url, dataUrl(url, routeId)]) {
      const response = await clients[actor].post(target, await intent.form());
      const what = `POST ${target} (${intent.name}) as ${actor}`;
      if (refusedByGuard) {
        expect(await redirectTarget(response), what).toBe(expectedTarget(guard, url));
      } else if (byRoute && "redirect" in byRoute) {
        expect(await redirectTarget(response), what).toBe(byRoute.redirect);
      } else if (byRoute) {
        expect(response.status, what).toBe(byRoute.status);
        expect(await response.text(), what).toContain(byRoute.text);
      }
    }
  });

  it("left the database exactly as it was before the server started", async () => {
    const after = await server.stopAndSnapshot();
    try {
      // The one write of the matrix above: the allowed actors' GET of their data export, which
      // is audited (LGPD). Every other row must be as seeded.
      after.audit_log = (after.audit_log ?? []).filter(
        (row) => !row.includes('"action":"personal-data.export"'),
      );
      // And the copies of immutable documents (an issued certificate's PDF) the allowed actors'
      // downloads rendered and kept (ADR 0071): bytes of what was already issued, not a change.
      after.document_pdfs = [];
      expect(after).toEqual(server.before);
    } finally {
      // Sessions are kept, so the clients stay signed in on the restarted server.
      const restarted = await server.restart();
      for (const actor of ACTORS) {
        const moved = new HttpClient(restarted.url, clients[actor].ip);
        for (const [name, value] of clients[actor].cookies) moved.cookies.set(name, value);
        clients[actor] = moved;
      }
    }
  });

  it.each(
    ACTIONS.flatMap((action) =>
      action.intents.map((intent) => [action.route, intent.name, action, intent] as const),
    ),
  )("the same %s · %s posted by its owner succeeds", async (_route, _name, action, intent) => {
    const response = await clients[intent.owner].post(action.url(), await intent.form());
    const what = `POST ${action.url()} (${intent.name}) as ${intent.owner}`;
    expect(response.status, `${what}: ${await response.clone().text()}`).toBe(302);
    // Success says so: a flash message, or the admin's result in the query.
    const location = response.headers.get("location") ?? "";
    const flash = response.headers
      .getSetCookie()
      .some((cookie) => cookie.startsWith("conecta.flash="));
    expect(flash || location.includes("resultado="), `${what} → ${location}`).toBe(true);
  });

  // Issue 39, item 5: each of those institution forms wrote its audit entry, by the institution.
  it("every institution form posted by its owner is in the audit trail with who did it", async () => {
    const trail = await server.stopAndInspect((db) =>
      db.select({ action: auditLog.action, actorId: auditLog.actorId }).from(auditLog),
    );
    await server.restart();
    const institutionRows = ACTIONS.filter((row) =>
      declaredRoutes().some(
        (route) => route.path === row.route && route.layouts.includes("routes/_institution"),
      ),
    );
    expect(institutionRows.map((row) => row.route).sort()).toEqual(
      Object.keys(INSTITUTION_FORM_AUDITS).sort(),
    );
    // Each intent posted once above wrote one entry; intents that write the same action (a
    // decline of one month and of several, here one) add up.
    for (const row of institutionRows) {
      const audits = INSTITUTION_FORM_AUDITS[row.route] ?? {};
      const expectedOf = (name: string) => audits[name] ?? audits[""] ?? [];
      for (const intent of row.intents) {
        const expected = expectedOf(intent.name);
        const sharing = row.intents.filter((other) =>
          expectedOf(other.name).some((action) => expected.includes(action)),
        ).length;
        const actor = accountId(intent.owner as Key);
        const written = trail.filter(
          (entry) => entry.actorId === actor && expected.some((action) => action === entry.action),
        );
        expect(written.length, `${row.route} · ${intent.name}: ${expected.join(" or ")}`).toBe(
          sharing,
        );
      }
    }
  });
});
