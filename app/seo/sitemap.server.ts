import { asc, count, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { events, institutions } from "~/db/schema";

/** The public pages that exist without any data. */
export const STATIC_PUBLIC_PATHS = [
  "/",
  "/instituicoes",
  "/eventos",
  "/termos-de-uso",
  "/politicas-de-privacidade",
] as const;

/** The sitemap protocol's limit per file; beyond it the sitemap becomes an index of parts. */
export const SITEMAP_MAX_URLS = 50_000;

interface SitemapEntry {
  path: string;
  lastModified?: Date;
}

function escapeXml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}

async function countApproved(): Promise<{ institutions: number; events: number }> {
  const [[institutionCount], [eventCount]] = await Promise.all([
    db().select({ n: count() }).from(institutions).where(eq(institutions.status, "APPROVED")),
    db().select({ n: count() }).from(events).where(eq(events.status, "APPROVED")),
  ]);
  return { institutions: institutionCount?.n ?? 0, events: eventCount?.n ?? 0 };
}

/**
 * The public pages numbered in one sequence (static pages, then each approved institution, then
 * each approved event, by id) and read from `start`, at most `limit` of them: a part of a large
 * sitemap never loads the whole table.
 */
async function listSitemapEntries(
  start: number,
  limit: number,
  totals: { institutions: number },
): Promise<SitemapEntry[]> {
  const entries: SitemapEntry[] = STATIC_PUBLIC_PATHS.slice(start, start + limit).map((path) => ({
    path,
  }));
  const institutionStart = Math.max(0, start - STATIC_PUBLIC_PATHS.length);
  const institutionLimit = Math.min(limit - entries.length, totals.institutions - institutionStart);
  if (institutionLimit > 0) {
    const rows = await db()
      .select({ id: institutions.userId, updatedAt: institutions.updatedAt })
      .from(institutions)
      .where(eq(institutions.status, "APPROVED"))
      .orderBy(asc(institutions.userId))
      .offset(institutionStart)
      .limit(institutionLimit);
    for (const row of rows) {
      entries.push({ path: `/instituicoes/${row.id}`, lastModified: row.updatedAt });
    }
  }
  const eventStart = Math.max(0, start - STATIC_PUBLIC_PATHS.length - totals.institutions);
  const eventLimit = limit - entries.length;
  if (eventLimit > 0) {
    const rows = await db()
      .select({ id: events.id, updatedAt: events.updatedAt })
      .from(events)
      .where(eq(events.status, "APPROVED"))
      .orderBy(asc(events.id))
      .offset(eventStart)
      .limit(eventLimit);
    for (const row of rows) {
      entries.push({ path: `/eventos/${row.id}`, lastModified: row.updatedAt });
    }
  }
  return entries;
}

function urlset(entries: SitemapEntry[], baseUrl: string): string {
  const urls = entries.map((entry) => {
    const loc = `<loc>${escapeXml(new URL(entry.path, baseUrl).toString())}</loc>`;
    const lastmod = entry.lastModified
      ? `<lastmod>${entry.lastModified.toISOString().slice(0, 10)}</lastmod>`
      : "";
    return `<url>${loc}${lastmod}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

function sitemapIndex(parts: number, baseUrl: string): string {
  const sitemaps = Array.from({ length: parts }, (_, index) => {
    const loc = escapeXml(new URL(`/sitemap.xml?parte=${index + 1}`, baseUrl).toString());
    return `<sitemap><loc>${loc}</loc></sitemap>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${sitemaps.join("\n")}\n</sitemapindex>\n`;
}

/**
 * /sitemap.xml: one urlset while the site has at most 50 000 public pages; past that, an index
 * whose parts are /sitemap.xml?parte=N. Null for a part that does not exist.
 */
export async function buildSitemap(baseUrl: string, part: number | null): Promise<string | null> {
  const totals = await countApproved();
  const total = STATIC_PUBLIC_PATHS.length + totals.institutions + totals.events;
  const parts = Math.ceil(total / SITEMAP_MAX_URLS);
  if (part === null && parts > 1) return sitemapIndex(parts, baseUrl);
  const index = part ?? 1;
  if (!Number.isInteger(index) || index < 1 || index > parts) return null;
  const entries = await listSitemapEntries(
    (index - 1) * SITEMAP_MAX_URLS,
    SITEMAP_MAX_URLS,
    totals,
  );
  return urlset(entries, baseUrl);
}

/**
 * /robots.txt: public pages open to crawlers, private areas and APIs closed, the sitemap named.
 * Of /auth/, the sign-up and sign-in doors are public pages (the longer Allow wins over the
 * shorter Disallow); the password pages stay closed.
 */
export function buildRobotsTxt(baseUrl: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    "Disallow: /app/",
    "Disallow: /admin/",
    "Disallow: /auth/",
    "Allow: /auth/cadastro",
    "Allow: /auth/login",
    "Disallow: /api/",
    "",
    `Sitemap: ${new URL("/sitemap.xml", baseUrl).toString()}`,
    "",
  ].join("\n");
}
