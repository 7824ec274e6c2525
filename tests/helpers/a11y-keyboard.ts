import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";

/**
 * Keyboard-only driving for tests/e2e/a11y-keyboard.test.ts. Interaction goes through
 * page.keyboard alone (Tab, Shift+Tab, typing, Enter, Space, arrows, Escape); locators are only
 * read, to know where the focus is and what the page shows.
 */

export function isFocused(target: Locator): Promise<boolean> {
  return target.evaluate((element) => element === document.activeElement).catch(() => false);
}

/**
 * The focus indicator a sighted keyboard user sees: the element matches :focus-visible and an
 * outline is drawn on it, or on its label when the control itself is hidden inside a card.
 */
export async function expectFocusVisible(target: Locator, what: string): Promise<void> {
  const state = await target.evaluate((element) => {
    if (!element.matches(":focus-visible")) return "not :focus-visible";
    const drawn = (node: Element | null) => {
      if (!node) return false;
      const style = getComputedStyle(node);
      return style.outlineStyle !== "none" && Number.parseFloat(style.outlineWidth) > 0;
    };
    return drawn(element) || drawn(element.closest("label")) ? "visible" : "no outline drawn";
  });
  expect(state, `focus indicator on ${what}`).toBe("visible");
}

/**
 * Presses Tab (or Shift+Tab) until `target` has the focus, as a person tabbing through the
 * page does; fails after `max` presses. Every stop reached this way must show its focus.
 */
export async function tabTo(
  page: Page,
  target: Locator,
  what: string,
  { backwards = false, max = 40 } = {},
): Promise<void> {
  for (let presses = 0; presses < max; presses++) {
    await page.keyboard.press(backwards ? "Shift+Tab" : "Tab");
    if (await isFocused(target)) {
      await expectFocusVisible(target, what);
      return;
    }
  }
  throw new Error(`${what}: not reached in ${max} presses of ${backwards ? "Shift+Tab" : "Tab"}`);
}

/** Tabs to a text field and types into it. */
export async function typeInto(page: Page, target: Locator, what: string, text: string) {
  await tabTo(page, target, what);
  await page.keyboard.type(text);
}

/**
 * Chooses the option whose value or text is `choice` in a <select> reached by Tab, with the
 * arrow keys (a closed select changes its value on ArrowDown/ArrowUp in Chromium on Linux).
 */
export async function chooseWithArrows(page: Page, select: Locator, what: string, choice: string) {
  await tabTo(page, select, what);
  const options = await select
    .locator("option")
    .evaluateAll((list) =>
      list.map((option) => [(option as HTMLOptionElement).value, option.textContent]),
    );
  const wanted = options.findIndex(([value, text]) => value === choice || text === choice);
  if (wanted < 0) throw new Error(`${what}: no option "${choice}"`);
  const current = await select.evaluate((element) => (element as HTMLSelectElement).selectedIndex);
  const key = wanted >= current ? "ArrowDown" : "ArrowUp";
  for (let step = 0; step < Math.abs(wanted - current); step++) await page.keyboard.press(key);
  await expect
    .poll(() => select.evaluate((element) => (element as HTMLSelectElement).selectedIndex))
    .toBe(wanted);
}
