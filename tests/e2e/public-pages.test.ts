import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { axeViolations } from "../helpers/axe";
import { launchBrowser } from "../helpers/browser";
import { detailLinks, openPage, scrollToBottom, VIEWPORTS } from "./public-support";

/**
 * Every public page at a phone and a desktop width: zero axe violations, nothing broken in the
 * console (the JSON-LD script must carry the CSP nonce), and what search engines and link
 * previews read (title, description, canonical URL, Open Graph, structured data).
 */
const baseUrl = inject("baseUrl");
let browser: Browser;
const pages: { name: string; path: string }[] = [
  { name: "landing", path: "/" },
  { name: "directory", path: "/instituicoes" },
  { name: "directory, page 2", path: "/instituicoes?pagina=2" },
  { name: "directory, empty", path: "/instituicoes?busca=xyzzy" },
  { name: "events", path: "/eventos" },
  { name: "past events", path: "/eventos?quando=passados" },
  { name: "terms of use", path: "/termos-de-uso" },
  { name: "privacy policy", path: "/politicas-de-privacidade" },
  { name: "unknown institution", path: "/instituicoes/00000000-0000-4000-8000-000000000000" },
];

beforeAll(async () => {
  browser = await launchBrowser();
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${baseUrl}/instituicoes`);
  const [institution] = await detailLinks(page, "/instituicoes/");
  await page.goto(`${baseUrl}/eventos`);
  const [event] = await detailLinks(page, "/eventos/");
  await context.close();
  if (!institution || !event) throw new Error("the demo data has no institution or event");
  pages.push({ name: "institution", path: institution }, { name: "event", path: event });
});

afterAll(async () => {
  await browser?.close();
});

describe.each(VIEWPORTS)("at $label", ({ width, height }) => {
  let context: BrowserContext;

  beforeAll(async () => {
    context = await browser.newContext({ viewport: { width, height }, locale: "pt-BR" });
  });

  afterAll(async () => {
    await context?.close();
  });

  // Eleven pages, each loaded, scrolled and swept by axe: minutes when the machine is busy.
  it("has zero axe violations and nothing broken on every public page", {
    timeout: 300_000,
  }, async () => {
    for (const { name, path } of pages) {
      const { page, problems } = await openPage(context, `${baseUrl}${path}`);
      // Lazy images below the fold load too, so broken ones would show up.
      await scrollToBottom(page);
      await page.waitForLoadState("networkidle");
      expect(await axeViolations(page), name).toEqual([]);
      expect(problems(), name).toEqual([]);
      await page.close();
    }
  });
});

async function head(page: Page) {
  return page.evaluate(() => {
    const meta = (selector: string) =>
      document.head.querySelector(selector)?.getAttribute("content") ?? null;
    return {
      title: document.title,
      description: meta('meta[name="description"]'),
      canonical: document.head.querySelector('link[rel="canonical"]')?.getAttribute("href") ?? null,
      ogTitle: meta('meta[property="og:title"]'),
      ogDescription: meta('meta[property="og:description"]'),
      ogUrl: meta('meta[property="og:url"]'),
      ogType: meta('meta[property="og:type"]'),
      ogImage: meta('meta[property="og:image"]'),
      jsonLd: [...document.querySelectorAll('script[type="application/ld+json"]')].map((script) =>
        JSON.parse(script.textContent ?? "null"),
      ),
    };
  });
}

describe("what search engines read", () => {
  let context: BrowserContext;

  beforeAll(async () => {
    context = await browser.newContext();
  });

  afterAll(async () => {
    await context?.close();
  });

  it("gives every page its own title, description, canonical URL and Open Graph tags", async () => {
    const titles = new Set<string>();
    for (const { name, path } of pages) {
      if (name === "unknown institution") continue;
      const { page } = await openPage(context, `${baseUrl}${path}`);
      const tags = await head(page);
      expect(tags.title, name).toMatch(/ \| .+$/);
      titles.add(tags.title);
      expect(tags.description?.length ?? 0, name).toBeGreaterThan(50);
      expect(tags.canonical, name).toMatch(new RegExp(`^${baseUrl}/`));
      expect(tags.ogUrl, name).toBe(tags.canonical);
      expect(tags.ogTitle, name).toBeTruthy();
      expect(tags.ogDescription, name).toBe(tags.description);
      expect(tags.ogType, name).toMatch(/^(website|article)$/);
      expect(tags.ogImage, name).toMatch(new RegExp(`^${baseUrl}/`));
      const image = await fetch(tags.ogImage ?? "");
      expect(image.status, `${name} og:image`).toBe(200);
      await page.close();
    }
    // Searches share the list's URL; the other pages each have their own title.
    expect(titles.size).toBeGreaterThanOrEqual(pages.length - 3);
  });

  it("describes an institution as a schema.org NGO with its picture", async () => {
    const institution = pages.find((page) => page.name === "institution");
    const { page } = await openPage(context, `${baseUrl}${institution?.path}`);
    const tags = await head(page);
    expect(tags.canonical).toBe(`${baseUrl}${institution?.path}`);
    expect(tags.ogImage).toMatch(new RegExp(`^${baseUrl}/imagens/[0-9a-f-]{36}$`));
    const [data] = tags.jsonLd;
    expect(data).toMatchObject({
      "@context": "https://schema.org",
      "@type": "NGO",
      url: `${baseUrl}${institution?.path}`,
      address: { "@type": "PostalAddress", addressCountry: "BR" },
    });
    expect(data.name).toBe(await page.getByRole("heading", { level: 1 }).textContent());
    await page.close();
  });

  it("describes an event as a schema.org Event on its date", async () => {
    const event = pages.find((page) => page.name === "event");
    const { page } = await openPage(context, `${baseUrl}${event?.path}`);
    const tags = await head(page);
    expect(tags.ogType).toBe("article");
    const [data] = tags.jsonLd;
    expect(data).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Event",
      url: `${baseUrl}${event?.path}`,
      location: { "@type": "Place", address: { "@type": "PostalAddress" } },
      organizer: { name: expect.any(String) },
    });
    expect(data.startDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await page.close();
  });

  it("keeps the not-found page out of the index", async () => {
    const missing = pages.find((page) => page.name === "unknown institution");
    const { page } = await openPage(context, `${baseUrl}${missing?.path}`);
    expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex");
    await page.close();
  });

  it("sets width and height on every image, and loads only the first banner eagerly", async () => {
    for (const { name, path } of pages) {
      const { page } = await openPage(context, `${baseUrl}${path}`);
      const images = await page.locator("main img").evaluateAll((list) =>
        list.map((image) => ({
          width: image.getAttribute("width"),
          height: image.getAttribute("height"),
          loading: image.getAttribute("loading"),
          priority: image.getAttribute("fetchpriority"),
        })),
      );
      for (const image of images) {
        expect(image.width, name).toMatch(/^\d+$/);
        expect(image.height, name).toMatch(/^\d+$/);
      }
      expect(images.filter((image) => image.priority === "high").length, name).toBeLessThanOrEqual(
        1,
      );
      expect(
        images.slice(4).every((image) => image.loading === "lazy"),
        name,
      ).toBe(true);
      await page.close();
    }
  });
});

describe("card images", () => {
  it("come in the narrower copies the srcset names, cached for a year; other widths are refused", async () => {
    const context = await browser.newContext();
    const { page } = await openPage(context, `${baseUrl}/instituicoes`);
    const srcset = (await page.locator("main article img").first().getAttribute("srcset")) ?? "";
    await context.close();
    const candidates = srcset.split(", ").map((candidate) => candidate.split(" "));
    expect(candidates.map(([, width]) => width)).toEqual(["400w", "800w", "1200w"]);
    const original = candidates[0]?.[0]?.replace(/\?w=\d+$/, "") ?? "";
    const full = await fetch(`${baseUrl}${original}`);
    const narrow = await fetch(`${baseUrl}${original}?w=400`);
    expect(narrow.status).toBe(200);
    expect(narrow.headers.get("content-type")).toBe("image/webp");
    expect(narrow.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(narrow.headers.get("etag")).not.toBe(full.headers.get("etag"));
    const [narrowBytes, fullBytes] = await Promise.all([narrow.arrayBuffer(), full.arrayBuffer()]);
    expect(narrowBytes.byteLength).toBeLessThan(fullBytes.byteLength);
    expect((await fetch(`${baseUrl}${original}?w=123`)).status).toBe(400);
  });
});
