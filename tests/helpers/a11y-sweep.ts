import type { Browser, Page } from "playwright-core";
import { testIp } from "./accounts";
import { runAxe } from "./axe";
import { watchPageProblems } from "./browser";

/**
 * Accessibility sweeps for tests/e2e/a11y-*.test.ts: axe on the page as it is now, at a phone
 * width and at a desktop width (the same page resized, so a state reached by several steps is
 * checked twice without walking the steps twice). Findings are collected, not thrown, so one
 * run lists every violation of a test; the test ends with `expect(sweep.findings).toEqual([])`.
 */
export const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;

export interface Finding {
  state: string;
  width: number;
  rule: string;
  help: string;
  targets: string[];
}

export class Sweep {
  readonly findings: Finding[] = [];
  readonly checked: string[] = [];

  /** axe at each width on the page's current state; ends at the phone width again. */
  async check(page: Page, state: string): Promise<void> {
    for (const viewport of [...WIDTHS].reverse()) {
      await page.setViewportSize(viewport);
      const results = await runAxe(page);
      // An empty or broken page passes nothing: that is not a clean page.
      if (results.passes.length < 10) throw new Error(`axe checked almost nothing on ${state}`);
      for (const violation of results.violations) {
        this.findings.push({
          state,
          width: viewport.width,
          rule: violation.id,
          help: violation.help,
          targets: violation.nodes.map((node) => node.target.join(" ")),
        });
      }
    }
    this.checked.push(state);
  }
}

/**
 * A phone-sized page in a context of its own, posing as a client of its own (X-Forwarded-For,
 * the server trusts it) so rate limits of one test never touch another; optional cookies.
 */
export async function sweepPage(
  browser: Browser,
  cookies: Parameters<import("playwright-core").BrowserContext["addCookies"]>[0] = [],
): Promise<{ page: Page; problems: () => string[]; close: () => Promise<void> }> {
  const context = await browser.newContext({
    viewport: WIDTHS[0],
    locale: "pt-BR",
    extraHTTPHeaders: { "X-Forwarded-For": testIp() },
  });
  if (cookies.length > 0) await context.addCookies(cookies);
  const page = await context.newPage();
  return { page, problems: watchPageProblems(page), close: () => context.close() };
}
