import { type Browser, chromium, type Page } from "playwright-core";

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
 * Records what a person would see as breakage in the developer tools: console errors (CSP
 * violations, failed loads such as a missing favicon), uncaught exceptions, failed requests and
 * HTTP errors. A document's own status is left to the test (a 404 page is meant to be a 404, and
 * Chromium logs that as a failed load too). Call the returned function to read the list.
 */
export function watchPageProblems(page: Page): () => string[] {
  const documentUrls = new Set<string>();
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
    const text = `request failed: ${request.url()} (${request.failure()?.errorText})`;
    problems.push({ url: request.url(), text, failedLoad: false });
  });
  page.on("response", (response) => {
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
