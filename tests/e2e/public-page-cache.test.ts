import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HttpClient } from "../helpers/accounts";
import { type FixtureServer, startFixtureServer } from "../helpers/fixture-server";

/**
 * The public page cache (ADR 0008) must never show a visitor something other than what the
 * database holds after a change made here, nor someone else's page, nor reuse a CSP nonce.
 */
const SPECS = {
  admin: { kind: "admin" },
  volunteer: { kind: "volunteer", name: "Vera Cache" },
  lumen: { kind: "institution", status: "APPROVED", name: "Instituto Lúmen Cacheado" },
  aurora: { kind: "institution", status: "PENDING", name: "Associação Aurora Cacheada" },
} as const;

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

  it("gives every answer a nonce of its own, in the header and in the page's scripts", async () => {
    const nonces = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const { html, csp } = await visit("/instituicoes");
      const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
      expect(nonce).toBeTruthy();
      nonces.add(nonce as string);
      const inPage = [...html.matchAll(/nonce="([^"]+)"/g)].map((match) => match[1]);
      expect(inPage.length).toBeGreaterThan(0);
      expect(new Set(inPage)).toEqual(new Set([nonce]));
    }
    expect(nonces.size).toBe(3);
  });

  it("never serves the anonymous page to someone signed in", async () => {
    const signInLink = /<a\b[^>]*href="\/auth\/login"[^>]*>Entrar<\/a>/;
    for (let i = 0; i < 2; i++) expect((await visit("/")).html).toMatch(signInLink);
    const volunteer = new HttpClient(server.url);
    expect((await volunteer.signIn(server.accounts.volunteer)).status).toBe(302);
    const html = await (await volunteer.get("/")).text();
    expect(html).not.toMatch(signInLink);
  });
});
