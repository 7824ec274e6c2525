import { randomUUID } from "node:crypto";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type AccountSpec, HttpClient, redirectTarget, testIp } from "../helpers/accounts";
import { type FixtureServer, startFixtureServer } from "../helpers/fixture-server";
import { readMailDir } from "../helpers/mail";
import { logServerOnFailure } from "../helpers/members";
import { routesWithActions } from "../helpers/routes";
import { waitFor } from "../helpers/wait";

/**
 * docs/design.md 8 at the HTTP level, on a server whose BASE_URL is https (as in production, behind
 * a TLS proxy): cross-origin writes refused on every action route, the session cookie's flags,
 * a new session token at every login and none left valid after logout, and no way to tell from
 * "Esqueci minha senha" whether an e-mail has an account, by its answer or by its timing.
 */

const SITE = "https://conecta.teste";
/** Accounts whose e-mails are asked for in the timing comparison (one each: the cooldown). */
const TIMING_PAIRS = 50;
/** One more existing account, for the .data form of the identical-answer check. */
const EXTRA = TIMING_PAIRS + 1;

type Key = "volunteer" | "victim" | "leaver" | `known${number}`;
let server: FixtureServer<Key>;

/** A client of the site as its pages post: Origin is the public https origin. */
class SiteClient extends HttpClient {
  override request(
    pathAndQuery: string,
    init: Parameters<HttpClient["request"]>[1] = {},
  ): Promise<Response> {
    const headers = new Headers(init.headers);
    if (!headers.has("Origin") && (init.method ?? (init.form ? "POST" : "GET")) !== "GET")
      headers.set("Origin", SITE);
    return super.request(pathAndQuery, { ...init, headers });
  }
}

const known = (n: number) => `conhecida.${String(n).padStart(2, "0")}@contas.teste.org.br`;
const unknown = (n: number) => `ninguem00.${String(n).padStart(2, "0")}@contas.teste.org.br`;

beforeAll(async () => {
  const specs: Record<string, AccountSpec> = {
    volunteer: { kind: "volunteer" },
    victim: { kind: "volunteer" },
    leaver: { kind: "volunteer" },
  };
  for (let n = 0; n <= EXTRA; n++) specs[`known${n}`] = { kind: "volunteer", email: known(n) };
  server = (await startFixtureServer({
    accounts: specs,
    env: { BASE_URL: SITE },
  })) as FixtureServer<Key>;
});

afterEach(({ task }) => logServerOnFailure(task, server));

afterAll(async () => {
  await server?.stop();
});

/** The session cookie's Set-Cookie header (its name carries __Secure- on https). */
function sessionSetCookie(response: Response): string | undefined {
  return response.headers
    .getSetCookie()
    .find((cookie) => /^(__Secure-)?conecta\.session_token=/.test(cookie));
}

function sessionToken(client: HttpClient): string | undefined {
  return [...client.cookies].find(([name]) => name.endsWith("conecta.session_token"))?.[1];
}

async function signedIn(who: "volunteer" | "victim"): Promise<SiteClient> {
  const client = new SiteClient(server.url);
  const response = await client.signIn(server.accounts[who]);
  expect(response.status, `${who} signs in`).toBe(302);
  return client;
}

/** Is the client signed in? Its own page answers 200; without a session it goes to login. */
async function hasSession(client: HttpClient): Promise<boolean> {
  const response = await client.get("/app/voluntario");
  if (response.status === 200) return true;
  expect(await redirectTarget(response)).toMatch(/^\/auth\/login/);
  return false;
}

// ------------------------------------------------------------------------------ origin

describe("cross-origin writes (docs/design.md 8, OWASP CSRF)", () => {
  /**
   * RFC 8058's one-click opt-out: the one address let past the Origin check (server/app.ts,
   * ADR 0068), tested below for what a forged post there can do.
   */
  const ONE_CLICK = "/e-mail/cancelar";
  const paths = routesWithActions()
    .map((route) => `/${route.replace(":id", randomUUID())}`)
    .filter((path) => path !== ONE_CLICK);

  /** A POST of a harmless form with exactly these headers (no Origin unless given). */
  const rawPost = (path: string, headers: Record<string, string>, method = "POST") =>
    fetch(`${server.url}${path}`, {
      method,
      redirect: "manual",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        "X-Forwarded-For": testIp(),
        ...headers,
      },
      body: "email=a%40b.org&password=x",
    });

  const refused: [string, Record<string, string>][] = [
    ["another site's Origin", { Origin: "https://malicioso.example" }],
    ["our host over http", { Origin: "http://conecta.teste" }],
    ["a sibling subdomain", { Origin: "https://app.conecta.teste" }],
    ['Origin "null" (sandboxed frame, cross-site redirect)', { Origin: "null" }],
    ["no Origin, Fetch Metadata cross-site", { "Sec-Fetch-Site": "cross-site" }],
    ["no Origin, Fetch Metadata same-site", { "Sec-Fetch-Site": "same-site" }],
    ["no Origin, another site's Referer", { Referer: "https://malicioso.example/form" }],
    ["no Origin, no Fetch Metadata, no Referer", {}],
  ];

  it("covers the action routes of app/routes.ts", () => {
    expect(paths.length).toBeGreaterThanOrEqual(15);
  });

  it.each(refused)("refuses with 403 on every action route: %s", async (_what, headers) => {
    for (const path of paths) {
      for (const target of [path, `${path}.data`]) {
        const response = await rawPost(target, headers);
        expect(response.status, `POST ${target}`).toBe(403);
        expect(await response.json()).toEqual({ error: "Origem não permitida." });
      }
    }
  });

  it.each(refused)(
    "lets only the one-click opt-out through, which without its sealed token changes nothing: %s",
    async (_what, headers) => {
      const forged = await rawPost(ONE_CLICK, headers);
      expect(forged.status, `POST ${ONE_CLICK}`).toBe(400);
      expect(await forged.text()).toContain("Este link não é válido.");
      const withBadToken = await rawPost(`${ONE_CLICK}?token=${"A".repeat(40)}`, headers);
      expect(withBadToken.status).toBe(400);
      // Its .data twin (a client navigation's post) is an ordinary write: refused.
      const data = await rawPost(`${ONE_CLICK}.data`, headers);
      expect(data.status).toBe(403);
      expect(await data.json()).toEqual({ error: "Origem não permitida." });
    },
  );

  it("refuses PUT, PATCH and DELETE from another site too (no route serves them: 405)", async () => {
    for (const method of ["PUT", "PATCH", "DELETE"]) {
      for (const origin of ["https://malicioso.example", SITE]) {
        const response = await rawPost("/auth/login", { Origin: origin }, method);
        expect(response.status, `${method} from ${origin}`).toBe(405);
        expect(response.headers.get("allow")).toBe("GET, HEAD, POST");
      }
    }
  });

  it("lets our own pages' posts through (Origin, Fetch Metadata or Referer of the site)", async () => {
    const ours: Record<string, string>[] = [
      { Origin: SITE },
      { "Sec-Fetch-Site": "same-origin" },
      { Referer: `${SITE}/auth/login` },
    ];
    for (const headers of ours) {
      const response = await rawPost("/auth/login", headers);
      expect(response.status, JSON.stringify(headers)).toBe(401); // the login form's own answer
      expect(await response.text()).toContain("Credenciais inválidas");
    }
  });

  it("a signed-in person's cross-site post does nothing: the account survives deletion", async () => {
    const victim = await signedIn("victim");
    const attempt = await victim.request("/app/meus-dados", {
      method: "POST",
      form: { password: server.accounts.victim.password },
      headers: { Origin: "https://malicioso.example" },
    });
    expect(attempt.status).toBe(403);
    expect(await hasSession(victim)).toBe(true);
    // And a cross-site login with the right password opens no session (login CSRF).
    const forged = await new HttpClient(server.url).request("/auth/login", {
      method: "POST",
      form: { email: server.accounts.victim.email, password: server.accounts.victim.password },
      headers: { Origin: "https://malicioso.example" },
    });
    expect(forged.status).toBe(403);
    expect(sessionSetCookie(forged)).toBeUndefined();
  });
});

// ------------------------------------------------------------------------------ session cookie

describe("the session cookie", () => {
  it("is HttpOnly, SameSite=Lax, Path=/ and Secure (BASE_URL is https)", async () => {
    const client = new SiteClient(server.url);
    const response = await client.signIn(server.accounts.volunteer);
    const cookie = sessionSetCookie(response);
    expect(cookie, "Set-Cookie of the session").toBeDefined();
    const attributes = (cookie ?? "")
      .split(";")
      .slice(1)
      .map((part) => part.trim().toLowerCase());
    expect(attributes).toContain("httponly");
    expect(attributes).toContain("samesite=lax");
    expect(attributes).toContain("path=/");
    expect(attributes).toContain("secure");
    expect(attributes.some((part) => part.startsWith("domain="))).toBe(false);
  });

  it("every cookie the server sets over https is Secure, HttpOnly and SameSite=Lax", async () => {
    // Each flow that sets or clears a cookie: sign-up draft, login (session and device cookie),
    // flash message, logout, account deletion. A __Secure- cookie cleared without Secure is ignored by browsers.
    const setCookies: string[] = [];
    const keep = (response: Response) => setCookies.push(...response.headers.getSetCookie());
    const visitor = new SiteClient(server.url);
    keep(
      await visitor.post("/auth/cadastro", { step: "1", intent: "next", profileType: "VOLUNTEER" }),
    );
    const client = new SiteClient(server.url);
    keep(await client.signIn(server.accounts.leaver));
    keep(await client.get("/app/voluntario"));
    keep(await client.post("/auth/sair", {}));
    keep(await client.signIn(server.accounts.leaver));
    keep(await client.post("/app/meus-dados", { password: server.accounts.leaver.password }));
    keep(await client.get("/"));
    const names = setCookies.map((cookie) => cookie.split("=")[0]);
    for (const expected of [
      "conecta.signup",
      "__Secure-conecta.session_token",
      "conecta.flash",
      "conecta.device",
    ]) {
      expect(
        names.some((name) => name?.startsWith(expected)),
        expected,
      ).toBe(true);
    }
    for (const cookie of setCookies) {
      const attributes = cookie
        .split(";")
        .slice(1)
        .map((part) => part.trim().toLowerCase());
      expect(attributes, cookie).toContain("secure");
      expect(attributes, cookie).toContain("httponly");
      expect(attributes, cookie).toContain("samesite=lax");
    }
  });

  it("a token planted before login is replaced by a new one, and gives no session", async () => {
    const planted = new SiteClient(server.url);
    const fake = `${randomUUID().replaceAll("-", "")}.assinatura-forjada`;
    planted.cookies.set("__Secure-conecta.session_token", fake);
    expect(await hasSession(planted)).toBe(false);
    await planted.signIn(server.accounts.volunteer);
    expect(sessionToken(planted)).toBeDefined();
    expect(sessionToken(planted)).not.toBe(fake);
    const attacker = new SiteClient(server.url);
    attacker.cookies.set("__Secure-conecta.session_token", fake);
    expect(await hasSession(attacker)).toBe(false);
  });

  it("signing in again rotates the token, and the earlier one stops working", async () => {
    const client = await signedIn("volunteer");
    const before = sessionToken(client);
    const again = await client.signIn(server.accounts.volunteer);
    expect(again.status).toBe(302);
    const after = sessionToken(client);
    expect(after).toBeDefined();
    expect(after).not.toBe(before);
    const stale = new SiteClient(server.url);
    stale.cookies.set("__Secure-conecta.session_token", before ?? "");
    expect(await hasSession(stale), "the pre-login token after login").toBe(false);
    expect(await hasSession(client)).toBe(true);
  });

  it("logout ends the session on the server: a copy of the cookie is worthless afterwards", async () => {
    const client = await signedIn("volunteer");
    const copy = new SiteClient(server.url);
    for (const [name, value] of client.cookies) copy.cookies.set(name, value);
    expect(await hasSession(copy)).toBe(true);
    const logout = await client.post("/auth/sair", {});
    expect(await redirectTarget(logout)).toBe("/");
    expect(await hasSession(copy), "the copied cookie after logout").toBe(false);
  });
});

// ------------------------------------------------------------------------------ enumeration

describe("no account enumeration through Esqueci minha senha", () => {
  /** One request from its own address (the per-IP limit never answers instead). */
  const ask = async (email: string, path = "/auth/esqueci-minha-senha") => {
    const client = new SiteClient(server.url);
    const started = performance.now();
    const response = await client.post(path, { email });
    const body = await response.text();
    const ms = performance.now() - started;
    return { response, body, ms };
  };

  /**
   * The reset for an existing account runs after the answer (token, e-mail queued and sent).
   * Each measurement starts once that is over, so it only ever times its own request.
   */
  const settle = async (email: string) => {
    if (email.startsWith("conhecida")) {
      const mailDir = path.join(server.dataDir, "mail");
      await waitFor(
        async () => (await readMailDir(mailDir)).some((mail) => mail.to.includes(email)),
        { timeoutMs: 15_000, intervalMs: 10, message: `the reset e-mail to ${email}` },
      );
    }
    // After the file is written the worker still marks the e-mail sent: /readyz's database ping
    // queues behind that. Both kinds get the same barrier, so neither starts on a busier server.
    await fetch(`${server.url}/readyz`);
    await fetch(`${server.url}/readyz`);
  };

  /** The answer with what legitimately differs (the typed e-mail, nonces, clocks) masked. */
  const comparable = (answer: { response: Response; body: string }, email: string) => {
    const mask = (text: string) =>
      text
        .replaceAll(email, "<e-mail>")
        .replace(/nonce="[^"]*"|'nonce-[^']*'|nonce-[A-Za-z0-9+/=]+/g, "<nonce>")
        .replace(/\b\d{13}\b/g, "<time>");
    const headers = [...answer.response.headers]
      .filter(([name]) => !["date", "content-length"].includes(name))
      .map(([name, value]) => `${name}: ${mask(value)}`);
    return { status: answer.response.status, headers, body: mask(answer.body) };
  };

  it("answers an existing and an unknown e-mail identically: status, headers, cookies, body", async () => {
    const existing = await ask(known(0));
    const nobody = await ask(unknown(0));
    expect(existing.response.status).toBe(200);
    expect(existing.body).toContain(known(0));
    expect(comparable(nobody, unknown(0))).toEqual(comparable(existing, known(0)));
    // The same form posted by a client-side navigation (React Router's .data request).
    const data = "/auth/esqueci-minha-senha.data?_routes=routes%2Fauth.esqueci-minha-senha";
    const existingData = await ask(known(EXTRA), data);
    const nobodyData = await ask(unknown(EXTRA), data);
    expect(existingData.response.status).toBe(200);
    expect(existingData.body).toContain(known(EXTRA));
    expect(comparable(nobodyData, unknown(EXTRA))).toEqual(comparable(existingData, known(EXTRA)));
  });

  it("takes the same time for both (paired requests, median difference within the noise)", async () => {
    const existingMs: number[] = [];
    const unknownMs: number[] = [];
    const differences: number[] = [];
    for (let n = 1; n <= TIMING_PAIRS; n++) {
      // Back to back, in a random order, so the machine's load drifts alike for both halves.
      const existingFirst = Math.random() < 0.5;
      const [firstEmail, secondEmail] = existingFirst
        ? [known(n), unknown(n)]
        : [unknown(n), known(n)];
      const first = await ask(firstEmail);
      await settle(firstEmail);
      const second = await ask(secondEmail);
      await settle(secondEmail);
      const [existing, nobody] = existingFirst ? [first, second] : [second, first];
      expect(existing.response.status).toBe(200);
      expect(nobody.response.status).toBe(200);
      existingMs.push(existing.ms);
      unknownMs.push(nobody.ms);
      differences.push(existing.ms - nobody.ms);
    }
    const slowerForExisting = differences.filter((difference) => difference > 0).length;
    // The median of paired differences, and how far it is from zero in units of its own noise
    // (standard error of a median from the differences' MAD), and how lopsided the pairs are.
    // A leak is a gap large in absolute terms (over 2.5 ms: a synchronous e-mail or password
    // hash costs more) that is also systematic: far outside the noise (z over 3) or on the same
    // side in at least 35 of 50 pairs (p < 0.005 by chance). Load widens the noise and shifts
    // single requests; it does not make one kind of e-mail slower pair after pair.
    const gap = median(differences);
    const spread = 1.4826 * median(differences.map((difference) => Math.abs(difference - gap)));
    const z = gap / ((1.2533 * spread) / Math.sqrt(TIMING_PAIRS) || 1);
    const report = `existing median ${median(existingMs).toFixed(1)} ms, unknown median ${median(unknownMs).toFixed(1)} ms, paired difference median ${gap.toFixed(2)} ms (z ${z.toFixed(1)}), existing slower in ${slowerForExisting}/${TIMING_PAIRS} pairs`;
    console.log(`forgot-password timing: ${report}`);
    const lopsided = Math.max(slowerForExisting, TIMING_PAIRS - slowerForExisting) >= 35;
    expect(Math.abs(gap) > 2.5 && (Math.abs(z) > 3 || lopsided), report).toBe(false);
  });
});

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}
