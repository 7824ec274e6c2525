import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AccountsServer,
  HttpClient,
  redirectTarget,
  startAccountsServer,
} from "../helpers/accounts";
import { protectedRoutes, routeExists } from "../helpers/routes";

/**
 * The route guards of SPEC.md 2 as a matrix: who (anonymous, volunteer, institution under
 * review, approved institution, admin) asks for which protected route, and how (a page, React
 * Router's `.data` request as a client-side navigation sends it, a direct form POST, a POST to
 * `.data`). Each cell gives the expected redirect or refusal. Guards run on the server for each
 * request, so no way of asking gets past them.
 *
 * Adding a protected route? Add its row to ROWS: the completeness test below fails until every
 * protected route of app/routes.ts has one. Rows of routes not (yet) declared are skipped.
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

/** SPEC.md 2: an admin route without a session goes to /admin/login; anyone but an admin to /. */
const ADMIN_ROUTE: Record<Actor, Outcome> = {
  anonymous: "admin-login",
  volunteer: HOME,
  pending: HOME,
  approved: HOME,
  admin: "ok",
};

/** SPEC.md 2: a USER route, optionally for one profile; the wrong profile or role goes to /. */
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
 * A route of a later issue: the SPEC.md 2 guard cells are asserted exactly; for the people the
 * guard lets in, only that it does (the page's own rules are that tests).
 */
function laterRoute(profile?: "VOLUNTEER" | "INSTITUTION"): Record<Actor, Outcome> {
  const expected = userRoute(profile);
  for (const actor of ACTORS) if (expected[actor] === "ok") expected[actor] = "passes";
  return expected;
}

let server: AccountsServer<Exclude<Actor, "anonymous">>;
const clients = {} as Record<Actor, HttpClient>;

const ROWS: Row[] = [
  { route: "app/voluntario", url: () => "/app/voluntario", expected: userRoute("VOLUNTEER") },
  {
    route: "app/instituicao",
    url: () => "/app/instituicao",
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
  { route: "app/novo-evento", url: () => "/app/novo-evento", expected: laterRoute("INSTITUTION") },
  {
    route: "app/eventos/:id/editar",
    url: () => `/app/eventos/${randomUUID()}/editar`,
    expected: laterRoute("INSTITUTION"),
  },
  { route: "app/meus-dados", url: () => "/app/meus-dados", expected: laterRoute() },
  {
    route: "app/meus-dados/arquivo",
    url: () => "/app/meus-dados/arquivo",
    expected: laterRoute(),
    resource: true,
  },
  { route: "admin/dashboard", url: () => "/admin/dashboard", expected: ADMIN_ROUTE },
  {
    route: "admin",
    url: () => "/admin",
    // An admin route like the dashboard; past the guard it only redirects there.
    expected: { ...ADMIN_ROUTE, admin: { redirect: "/admin/dashboard" } },
  },
];

beforeAll(async () => {
  server = await startAccountsServer({
    volunteer: { kind: "volunteer" },
    pending: { kind: "institution", status: "PENDING" },
    approved: { kind: "institution", status: "APPROVED" },
    admin: { kind: "admin" },
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

describe("route guard matrix", () => {
  it("has a row for every protected route of app/routes.ts", () => {
    const covered = new Set(ROWS.map((row) => row.route));
    expect(protectedRoutes().filter((route) => !covered.has(route.path))).toEqual([]);
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

  it("a POST from another site is refused before any action (DESIGN.md 8)", async () => {
    const response = await clients.volunteer.request("/app/atualizar-senha", {
      method: "POST",
      form: { currentPassword: "x", newPassword: "y", confirmPassword: "y" },
      headers: { Origin: "https://malicioso.example" },
    });
    expect(response.status).toBe(403);
  });

  it("the sessions used above are still valid (no row signed anyone out)", async () => {
    for (const actor of ["volunteer", "pending", "approved"] as const) {
      expect((await clients[actor].get("/app/atualizar-senha")).status, actor).toBe(200);
    }
  });
});
