import { rm } from "node:fs/promises";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { closeDatabase, openDatabase } from "~/db/client.server";
import { seedDemoData } from "~/seed/demo-seed.server";
import { migratedDataDir } from "../helpers/data-dir";
import { type RunningServer, startServer } from "../helpers/server";
import { TEST_ORIGIN } from "../helpers/test-origin";

/**
 * What the public may see, checked against the database itself: a server of its own on demo
 * data written (and read) by this test before the server opens the directory. Only approved
 * institutions and events have pages, appear in lists and in the sitemap; a contact e-mail
 * shows only where the institution allowed it.
 */
let server: RunningServer;
let dataDir: string;

interface Row {
  id: string;
  name: string;
}
const facts = {
  approvedInstitutions: [] as string[],
  approvedEvents: [] as string[],
  hiddenInstitutions: [] as (Row & { status: string })[],
  hiddenEvents: [] as (Row & { status: string })[],
  withPublicEmail: null as (Row & { email: string }) | null,
  withPrivateEmail: null as (Row & { email: string }) | null,
};

beforeAll(async () => {
  dataDir = await migratedDataDir();
  const db = await openDatabase({ dataDir });
  // The demo's termos queue e-mails with links, built from the app's configuration in this
  // process (Vitest's own BASE_URL is "/"); the server started below gets its own.
  vi.stubEnv("BASE_URL", TEST_ORIGIN);
  vi.stubEnv("SESSION_SECRET", "public-visibility-test-secret-0123456789abcdef");
  try {
    await seedDemoData(db);
    const rows = async <T>(query: ReturnType<typeof sql>) => (await db.execute(query)).rows as T[];
    facts.approvedInstitutions = (
      await rows<{ id: string }>(
        sql`select user_id as id from institutions where status = 'APPROVED'`,
      )
    ).map((row) => row.id);
    facts.approvedEvents = (
      await rows<{ id: string }>(sql`select id from events where status = 'APPROVED'`)
    ).map((row) => row.id);
    facts.hiddenInstitutions = await rows(sql`
      select distinct on (status) user_id as id, name, status from institutions
      where status <> 'APPROVED' order by status, name`);
    facts.hiddenEvents = await rows(sql`
      select distinct on (status) id, name, status from events
      where status <> 'APPROVED' order by status, name`);
    [facts.withPublicEmail = null] = await rows(sql`
      select user_id as id, name, contact_email as email from institutions
      where status = 'APPROVED' and permit_divulgation order by name limit 1`);
    [facts.withPrivateEmail = null] = await rows(sql`
      select user_id as id, name, contact_email as email from institutions
      where status = 'APPROVED' and not permit_divulgation order by name limit 1`);
  } finally {
    vi.unstubAllEnvs();
    await closeDatabase();
  }
  server = await startServer({ dataDir });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const get = (pathname: string) => fetch(`${server.url}${pathname}`);

describe("pending, rejected and deleted content", () => {
  it("the demo has pending and rejected institutions and pending, rejected and deleted events", () => {
    expect(facts.hiddenInstitutions.map((row) => row.status)).toEqual(["PENDING", "REJECTED"]);
    expect(facts.hiddenEvents.map((row) => row.status)).toEqual(["DELETED", "PENDING", "REJECTED"]);
  });

  it("has no institution page: the 404 page", async () => {
    for (const institution of facts.hiddenInstitutions) {
      const response = await get(`/instituicoes/${institution.id}`);
      expect(response.status, institution.status).toBe(404);
      const html = await response.text();
      expect(html).toContain("Página não encontrada");
      expect(html).not.toContain(institution.name);
    }
  });

  it("has no event page and no calendar file: 404", async () => {
    for (const event of facts.hiddenEvents) {
      const page = await get(`/eventos/${event.id}`);
      expect(page.status, event.status).toBe(404);
      expect(await page.text()).toContain("Página não encontrada");
      expect((await get(`/eventos/${event.id}/calendario.ics`)).status, event.status).toBe(404);
    }
  });

  it("is never found by a search", async () => {
    for (const institution of facts.hiddenInstitutions) {
      const list = await (
        await get(`/api/instituicoes?busca=${encodeURIComponent(institution.name)}`)
      ).json();
      expect(list.items).toEqual([]);
    }
    for (const event of facts.hiddenEvents) {
      for (const period of ["", "passados"]) {
        const list = await (
          await get(`/api/eventos?quando=${period}&busca=${encodeURIComponent(event.name)}`)
        ).json();
        const ids = list.items.map((item: { id: string }) => item.id);
        expect(ids).not.toContain(event.id);
      }
    }
  });
});

describe("sitemap.xml", () => {
  it("lists the static pages and exactly the approved institutions and events", async () => {
    const response = await get("/sitemap.xml");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    const xml = await response.text();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns=/);
    const locations = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1] ?? "");
    expect(new Set(locations).size).toBe(locations.length);
    const paths = locations.map((location) => {
      expect(location.startsWith(`${server.url}/`)).toBe(true);
      return new URL(location).pathname;
    });
    const expected = [
      "/",
      "/instituicoes",
      "/eventos",
      "/termos-de-uso",
      "/politicas-de-privacidade",
      ...facts.approvedInstitutions.map((id) => `/instituicoes/${id}`),
      ...facts.approvedEvents.map((id) => `/eventos/${id}`),
    ];
    expect([...paths].sort()).toEqual([...expected].sort());
    expect(facts.approvedInstitutions).toHaveLength(34);
  });

  it("is named by robots.txt, which keeps crawlers out of the private areas", async () => {
    const response = await get("/robots.txt");
    expect(response.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    const robots = await response.text();
    for (const rule of [
      "Disallow: /app/",
      "Disallow: /admin/",
      "Disallow: /auth/",
      "Disallow: /api/",
    ]) {
      expect(robots).toContain(rule);
    }
    expect(robots).toContain("Allow: /");
    expect(robots).toContain(`Sitemap: ${server.url}/sitemap.xml`);
  });
});

describe("contact e-mail on an institution's page", () => {
  it("shows only when the institution allowed publicising", async () => {
    const shown = facts.withPublicEmail;
    const hidden = facts.withPrivateEmail;
    if (!shown || !hidden) throw new Error("the demo needs both kinds of institution");
    expect(await (await get(`/instituicoes/${shown.id}`)).text()).toContain(
      `mailto:${shown.email}`,
    );
    expect(await (await get(`/instituicoes/${hidden.id}`)).text()).not.toContain(hidden.email);
  });
});
