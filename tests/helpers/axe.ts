import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { AxeResults, RunOptions } from "axe-core";
import type { Page } from "playwright-core";
import { expect } from "vitest";

const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve("axe-core/axe.min.js"),
  "utf8",
);

/**
 * Every rule axe runs by default (WCAG 2.x A/AA and best practices); only violations carry every
 * element they found, the other result lists name their rules (a sweep counts the passes to tell
 * a checked page from an empty one). The first run names no elements: building a unique CSS
 * selector for each node it reports was a third of axe's time on a content page (223 -> 143 ms
 * of Chromium CPU on /instituicoes, measured six runs each), and a clean page, the usual
 * outcome, needs none. Only a page with violations is checked again to say where they are.
 */
const RUN_OPTIONS: RunOptions = { resultTypes: ["violations"] };
const FIRST_RUN_OPTIONS: RunOptions = {
  ...RUN_OPTIONS,
  selectors: false,
  ancestry: false,
  xpath: false,
};

/**
 * Waits for the page's finite CSS transitions and animations to end: axe must judge the colours a
 * person sees, not a frame halfway between two of them (a toast fading in, a hover colour that a
 * resize started under the pointer). Endless ones (spinners) are left alone.
 */
export async function settleTransitions(page: Page): Promise<void> {
  await page.evaluate(
    (limitMs) =>
      Promise.race([
        Promise.all(
          document
            .getAnimations()
            .filter(
              (animation) =>
                // Only what time moves: an animation driven by scrolling, or paused, never ends.
                animation.playState === "running" &&
                animation.timeline instanceof DocumentTimeline &&
                animation.effect?.getComputedTiming().iterations !== Infinity,
            )
            .map((animation) => animation.finished.catch(() => undefined)),
        ),
        new Promise((resolve) => setTimeout(resolve, limitMs)),
      ]),
    SETTLE_LIMIT_MS,
  );
}

/** Longer than any transition of the site (the longest is 0.7 s). */
const SETTLE_LIMIT_MS = 3_000;

/**
 * The one way tests run axe-core (WCAG checks) on a page as it is now: axe is put into the
 * document once (again after a navigation) and run there. Not @axe-core/playwright: its
 * `analyze()` injects axe's 500 kB again on every call and opens a blank page to merge the
 * results of frames we do not have, about 1 s a run against 0.12 s here (measured on
 * /instituicoes, six runs each), and the tests run axe some three hundred times.
 */
export async function runAxe(page: Page): Promise<AxeResults> {
  await settleTransitions(page);
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  const run = (options: RunOptions) =>
    page.evaluate(
      (options) =>
        (
          window as unknown as {
            axe: { run: (context: Document, options: RunOptions) => Promise<AxeResults> };
          }
        ).axe.run(document, options),
      options,
    );
  const first = await run(FIRST_RUN_OPTIONS);
  return first.violations.length === 0 ? first : run(RUN_OPTIONS);
}

export interface AxeViolation {
  id: string;
  help: string;
  targets: string[];
}

/** axe's violations on the page as it is now, each with the selectors of its elements. */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  const results = await runAxe(page);
  return results.violations.map((violation) => ({
    id: violation.id,
    help: violation.help,
    targets: violation.nodes.map((node) => node.target.join(" ")),
  }));
}

/** Zero axe violations on the page as it is now. */
export async function expectNoAxeViolations(page: Page, what: string): Promise<void> {
  expect(await axeViolations(page), `axe on ${what}`).toEqual([]);
}
