import { type Browser, type BrowserContextOptions, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";

/** Flags that let Debian's Chromium run headless as root on a machine without outside network. */
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/**
 * Debian's Chromium by default; CHROMIUM_PATH picks another build. Create pages with
 * `browser.newContext()` then `context.newPage()` (axe needs a context of its own).
 */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    headless: true,
    args: CHROMIUM_ARGS,
  });
}

/**
 * The test file's Chromium: launched before its first test and closed after its last. Contexts
 * are opened from it inside hooks and tests.
 */
export function browserForFile(): Pick<Browser, "newContext"> {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    newContext: (options?: BrowserContextOptions) => {
      if (!browser) throw new Error("the browser launches in beforeAll");
      return browser.newContext(options);
    },
  };
}

/**
 * Records what a person would see as breakage in the developer tools: console errors (CSP
 * violations, failed loads such as a missing favicon), uncaught exceptions, failed requests and
 * HTTP errors. A document's own status is left to the test (a 404 page is meant to be a 404, and
 * Chromium logs that as a failed load too). Call the returned function to read the list.
 */
export function watchPageProblems(page: Page): () => string[] {
  const documentUrls = new Set<string>();
  /** Requests whose answer (status and headers) arrived. */
  const answered = new WeakSet<object>();
  const problems: { url: string; text: string; failedLoad: boolean }[] = [];
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    const url = message.location().url;
    const text = message.text();
    problems.push({
      url,
      text: `console.error: ${text} (${url})`,
      failedLoad: text.startsWith("Failed to load resource"),
    });
  });
  page.on("pageerror", (error) => {
    problems.push({ url: "", text: `uncaught: ${error.message}`, failedLoad: false });
  });
  page.on("requestfailed", (request) => {
    const error = request.failure()?.errorText;
    // Requests a navigation cancels (ERR_ABORTED) that nobody sees and nothing depends on: React
    // Router asking /__manifest about the links on the page, and the icon the browser fetches on
    // its own after the page loads (a missing icon still shows up as an HTTP error below).
    const pathname = new URL(request.url()).pathname;
    const harmless = pathname === "/__manifest" || pathname.startsWith("/favicon.");
    if (error === "net::ERR_ABORTED" && harmless) return;
    // An answer that arrived whole and was then let go by the page: React Router stops reading a
    // `.data` body once it has decoded what it needs, and for a `Cache-Control: no-store`
    // answer (every private one, issue 11) Chromium then reports the request as aborted instead
    // of finished, as no cache entry is being written. Its status is checked below like any other.
    if (error === "net::ERR_ABORTED" && answered.has(request) && pathname.endsWith(".data")) return;
    const text = `request failed: ${request.url()} (${error})`;
    problems.push({ url: request.url(), text, failedLoad: false });
  });
  page.on("response", (response) => {
    answered.add(response.request());
    if (response.request().resourceType() === "document") {
      documentUrls.add(response.url());
    } else if (response.status() >= 400) {
      const text = `HTTP ${response.status()}: ${response.url()}`;
      problems.push({ url: response.url(), text, failedLoad: false });
    }
  });
  return () =>
    problems
      .filter((problem) => !(problem.failedLoad && documentUrls.has(problem.url)))
      .map((problem) => problem.text);
}
