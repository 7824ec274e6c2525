import http, { type IncomingHttpHeaders } from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HttpClient, SESSION_COOKIE } from "../helpers/accounts";
import { expectScriptsAllowedByCsp } from "../helpers/assertions";
import { browserForFile, watchPageProblems } from "../helpers/browser";
import { type FixtureServer, startFixtureServer } from "../helpers/fixture-server";
import { POLL } from "../helpers/wait";

/**
 * The public page cache (ADR 0008) must never show a visitor something other than what the
 * database holds after a change made here, nor someone else's page, nor reuse a CSP nonce (a kept
 * page has none: its scripts are allowed by hash, ADR 0042).
 */
const SPECS = {
  admin: { kind: "admin" },
  volunteer: { kind: "volunteer", name: "Vera Cache" },
  ana: { kind: "volunteer", name: "Ana Compartilhada" },
  lumen: { kind: "institution", status: "APPROVED", name: "Instituto Lúmen Cacheado" },
  aurora: { kind: "institution", status: "PENDING", name: "Associação Aurora Cacheada" },
} as const;

const browser = browserForFile();
let server: FixtureServer<keyof typeof SPECS>;
let admin: HttpClient;

beforeAll(async () => {
  server = await startFixtureServer({ accounts: SPECS });
  admin = new HttpClient(server.url);
  expect((await admin.signIn(server.accounts.admin, "/admin/login")).status).toBe(302);
});

afterAll(async () => {
  await server?.stop();
});

/** A first visit: no cookie at all, as the cache wants. */
async function visit(path: string): Promise<{ status: number; html: string; csp: string }> {
  const response = await fetch(`${server.url}${path}`);
  return {
    status: response.status,
    html: await response.text(),
    csp: response.headers.get("content-security-policy") ?? "",
  };
}

/** The bytes as sent (fetch would decompress them), with the Accept-Encoding given. */
function rawGet(
  path: string,
  acceptEncoding: string,
): Promise<{ headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${server.url}${path}`, { headers: { "Accept-Encoding": acceptEncoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        res.on("error", reject);
      })
      .on("error", reject);
  });
}

async function moderate(intent: string, id: string): Promise<void> {
  const response = await admin.post("/admin/dashboard", { intent, id });
  expect(response.status, await response.text()).toBe(302);
}

describe("public page cache", () => {
  it("shows an approval to the next visitor at once", async () => {
    const search = `/instituicoes?busca=${encodeURIComponent("Aurora Cacheada")}`;
    for (let i = 0; i < 2; i++) expect((await visit(search)).html).not.toContain(SPECS.aurora.name);
    await moderate("aprovar-instituicao", server.accounts.aurora.id);
    expect((await visit(search)).html).toContain(SPECS.aurora.name);
    expect((await visit(`/instituicoes/${server.accounts.aurora.id}`)).status).toBe(200);
  });

  it("hides a deleted institution's page at once", async () => {
    const page = `/instituicoes/${server.accounts.lumen.id}`;
    for (let i = 0; i < 2; i++) expect((await visit(page)).html).toContain(SPECS.lumen.name);
    await moderate("excluir-instituicao", server.accounts.lumen.id);
    expect((await visit(page)).status).toBe(404);
  });

  it("keeps a page from its second request on, then answers it as the same bytes with its scripts allowed by hash", async () => {
    // A URL asked for once (a unique search, a shared link's tracking parameter) is rendered
    // with a nonce and not kept: keeping it would only cost CPU and push other pages out.
    const path = "/instituicoes?origem=teste-de-cache";
    const first = await visit(path);
    expect(expectScriptsAllowedByCsp(first.html, first.csp)).toBe("nonce");
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await visit(path));
    for (const { html, csp } of answers) {
      expect(expectScriptsAllowedByCsp(html, csp)).toBe("hash");
      expect(html).toBe(answers[0]?.html);
      expect(csp).toBe(answers[0]?.csp);
    }
  });

  it("sends a kept page in the encoding the browser accepts, in one piece", async () => {
    await visit("/eventos"); // its first request: from the next one on the page is kept
    const plain = await rawGet("/eventos", "identity");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toMatch(/\bCookie\b/);
    expect(plain.headers.vary).toMatch(/\bAccept-Encoding\b/);
    const html = plain.body.toString("utf8");
    expect(html).toContain("</html>");
    const br = await rawGet("/eventos", "gzip, deflate, br");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(Number(br.headers["content-length"])).toBe(br.body.length);
    expect(brotliDecompressSync(br.body).toString("utf8")).toBe(html);
    const gzip = await rawGet("/eventos", "gzip;q=1, br;q=0");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.body).toString("utf8")).toBe(html);
  });

  it("runs a kept page in Chromium with no CSP complaint, hydrated", async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const problems = watchPageProblems(page);
    await visit("/instituicoes"); // its first request: from the next one on the page is kept
    for (let i = 0; i < 2; i++) {
      const response = await page.goto(`${server.url}/instituicoes`, { waitUntil: "load" });
      expect(response?.headers()["content-security-policy"]).toMatch(/'sha256-/);
      // React Router's client takes over only if its inline module script was allowed to run.
      await expect
        .poll(() => page.evaluate(() => "__reactRouterRouteModules" in window), POLL.server)
        .toBe(true);
    }
    expect(problems()).toEqual([]);
    await context.close();
  });

  it("never serves the anonymous page to someone signed in", async () => {
    for (let i = 0; i < 2; i++) expect((await visit("/")).html).toMatch(SIGN_IN_LINK);
    const volunteer = new HttpClient(server.url);
    expect((await volunteer.signIn(server.accounts.volunteer)).status).toBe(302);
    const html = await (await volunteer.get("/")).text();
    expect(html).not.toMatch(SIGN_IN_LINK);
  });

  it("serves the lists to every signed-in person as one page, their name asked for apart", async () => {
    const vera = await signedIn("volunteer");
    const ana = await signedIn("ana");
    for (const path of ["/instituicoes", "/eventos"]) {
      const answers = [];
      for (const client of [vera, vera, ana, vera]) {
        const response = await asBrowser(client, path);
        expect(response.status).toBe(200);
        expect(response.headers.get("set-cookie")).toBeNull();
        answers.push({
          html: await response.text(),
          csp: response.headers.get("content-security-policy") ?? "",
        });
      }
      // Kept from its second request: every member after that gets the same bytes.
      for (const { html, csp } of answers.slice(1)) {
        expect(expectScriptsAllowedByCsp(html, csp)).toBe("hash");
        expect(html).toBe(answers[1]?.html);
      }
      for (const { html } of answers) {
        for (const spec of [SPECS.volunteer, SPECS.ana]) expect(html).not.toContain(spec.name);
        for (const account of [server.accounts.volunteer, server.accounts.ana]) {
          expect(html).not.toContain(account.email);
        }
        expect(html).toMatch(/<a\b[^>]*href="\/app"[^>]*>.*?Minha área/s);
        expect(html).not.toMatch(SIGN_IN_LINK);
      }
      // A visitor without a session still gets the visitor's page, not the members'.
      expect((await visit(path)).html).toMatch(SIGN_IN_LINK);
    }
    for (const [client, spec] of [
      [vera, SPECS.volunteer],
      [ana, SPECS.ana],
    ] as const) {
      const response = await asBrowser(client, "/api/sessao");
      expect(response.headers.get("cache-control")).toBe("private, no-store");
      expect(await response.json()).toMatchObject({
        user: { name: spec.name, homePath: "/app/voluntario" },
      });
    }
    expect(await (await fetch(`${server.url}/api/sessao`)).json()).toEqual({ user: null });
  });

  it("renders for the member the pages that show their own things, and any request with another cookie", async () => {
    const vera = await signedIn("volunteer");
    for (let i = 0; i < 2; i++) {
      expect(await (await vera.get("/")).text()).toContain(SPECS.volunteer.name);
    }
    // Another cookie beside the session (a flash message here) may change the page.
    const withFlash = `${vera.cookieHeader()}; conecta.flash=${encodeURIComponent(JSON.stringify({ message: "Pronto.", tone: "success" }))}`;
    for (let i = 0; i < 2; i++) {
      const response = await fetch(`${server.url}/instituicoes`, {
        headers: { Cookie: withFlash },
      });
      expect(await response.text()).toContain(SPECS.volunteer.name);
    }
  });

  it("names the signed-in person in a shared list's header once it runs, and says 'Entrar' when the session is over", async () => {
    const vera = await signedIn("volunteer");
    await asBrowser(vera, "/instituicoes"); // its first request: from the next one on the page is kept
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    // The session as the sign-in left it in a browser (its device cookie is for /auth only).
    await context.addCookies([
      { name: SESSION_COOKIE, value: vera.sessionToken ?? "", url: server.url },
    ]);
    const page = await context.newPage();
    const problems = watchPageProblems(page);
    await page.goto(`${server.url}/instituicoes`);
    const banner = page.getByRole("banner");
    await expect
      .poll(() => banner.getByRole("link", { name: SPECS.volunteer.name }).isVisible(), POLL.server)
      .toBe(true);
    await banner.getByRole("button", { name: "Menu" }).click();
    await expect
      .poll(() => banner.getByText("Você entrou como").isVisible(), POLL.server)
      .toBe(true);
    expect(problems()).toEqual([]);
    // A session that ended (here: a token the server does not know) is the visitor's header.
    await context.clearCookies();
    await context.addCookies([
      { name: SESSION_COOKIE, value: "nao-existe.assinatura", url: server.url },
    ]);
    await page.goto(`${server.url}/eventos`);
    await expect
      .poll(() => banner.getByRole("link", { name: "Entrar" }).isVisible(), POLL.server)
      .toBe(true);
    expect(problems()).toEqual([]);
    await context.close();
  });
});

const SIGN_IN_LINK = /<a\b[^>]*href="\/auth\/login"[^>]*>Entrar<\/a>/;

/**
 * A GET with the cookies a browser sends outside /auth and /admin: the session's (the sign-in's
 * device cookie lives under those paths), and any `extra`.
 */
function asBrowser(client: HttpClient, path: string, extra?: string): Promise<Response> {
  const session = `${SESSION_COOKIE}=${client.sessionToken}`;
  return fetch(`${server.url}${path}`, {
    headers: { Cookie: extra ? `${session}; ${extra}` : session },
  });
}

/** A browser-less client signed in as one of the file's accounts. */
async function signedIn(name: "volunteer" | "ana"): Promise<HttpClient> {
  const client = new HttpClient(server.url);
  expect((await client.signIn(server.accounts[name])).status).toBe(302);
  return client;
}
