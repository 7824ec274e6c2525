import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
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
 * How Lighthouse starts Chromium: through tests/helpers/chromium.sh (which turns off a busy part of
 * Chromium's own interface), with the browser in CHROMIUM_BINARY: Debian's, or CHROMIUM_PATH.
 * Lighthouse audits the browser people use, so it gets the whole one.
 */
export const CHROMIUM_LAUNCHER = {
  executablePath: fileURLToPath(new URL("./chromium.sh", import.meta.url)),
  env: { ...process.env, CHROMIUM_BINARY: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" },
};

/**
 * The browser the e2e tests drive: Chromium's headless shell (Debian's `chromium-headless-shell`,
 * the same engine and version as `chromium`, or CHROMIUM_HEADLESS_SHELL_PATH), as Playwright
 * itself uses for headless runs. It renders pages with the same Blink and V8 but has no browser
 * window around them, where the whole browser opens a headless window with its own interface for
 * every context (measured in docs/decisions/0026). Without the shell the tests fall back to the
 * whole browser, started as Lighthouse starts it.
 */
const HEADLESS_SHELL =
  process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? "/usr/bin/chromium-headless-shell";

const LAUNCH_OPTIONS = {
  ...(existsSync(HEADLESS_SHELL) ? { executablePath: HEADLESS_SHELL } : CHROMIUM_LAUNCHER),
  headless: true,
  args: CHROMIUM_ARGS,
};

/**
 * The test file's own Chromium (Debian's headless shell, or the browsers named above), launched
 * over a pipe from the test's process: about 0.25 CPU seconds for the headless shell. A Chromium
 * shared by the whole run cost more: behind a Playwright server in the Vitest process, every
 * message crossed one more process (axe's 500 kB source on each page it checks, every uploaded
 * picture: about 30 CPU seconds of a pooled run); over its DevTools port, every file's
 * connection attached to every other file's pages (docs/benchmarks.md, "Sixth round"). Create
 * pages with `browser.newContext()` then `context.newPage()` (axe needs a context of its own).
 */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch(LAUNCH_OPTIONS);
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
  /** How many document navigations the page had started when each request began. */
  let navigations = 0;
  const startedAt = new WeakMap<object, number>();
  page.on("request", (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) navigations += 1;
    startedAt.set(request, navigations);
  });
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
    // Anything still loading when the page moved to another document (a form posted before the
    // page hydrated, while it fetched the code of its routes): the browser cancels it because its
    // page is gone, which no visitor sees. A navigation's own cancelled request still counts.
    const movedOn = (startedAt.get(request) ?? navigations) < navigations;
    if (error === "net::ERR_ABORTED" && movedOn && !request.isNavigationRequest()) return;
    // An answer that arrived whole and was then let go by the page: React Router stops reading a
    // `.data` body once it has decoded what it needs, and for a `Cache-Control: no-store`
    // answer (every private one, issue 11) Chromium then reports the request as aborted instead
    // of finished, as no cache entry is being written. Its status is checked below like any other.
    if (error === "net::ERR_ABORTED" && answered.has(request) && pathname.endsWith(".data")) return;
    // An image the page stopped wanting: Chromium cancels the load when the element leaves the
    // document or its source changes (a cover replaced, a form left for the next page), which on a
    // busy machine happens before a photo has arrived. A missing or broken image is still an HTTP
    // error below or a different net:: error here.
    if (error === "net::ERR_ABORTED" && request.resourceType() === "image") return;
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

/**
 * Waits until the page's forms check in the browser. Forms load their schema module after
 * hydration (ADR 0010); a form sent before it arrives is checked by the server instead, which
 * answers the same message with a 400 that watchPageProblems reports (and that a slow machine
 * makes likely). Each form with instant checks says which side checks it now (`data-checks`,
 * app/forms/form-validation.ts): this waits until none of them still says "server".
 */
export async function formSchemaLoaded(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document.querySelector("form[data-checks]") !== null &&
      document.querySelector('form[data-checks="server"]') === null,
  );
}
