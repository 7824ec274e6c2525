import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { expect } from "vitest";

/** The one way tests run axe-core (WCAG checks) on a page as it is now. */
export function runAxe(page: Page) {
  return new AxeBuilder({ page }).analyze();
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
