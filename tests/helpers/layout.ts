import type { Page } from "playwright-core";
import { expect } from "vitest";
import { expectNoAxeViolations } from "./axe";
import { shot } from "./screenshots";

/**
 * What runs past its box on the page as it is now: the page itself wider than the viewport, and
 * every element whose content is wider than the element (a card, a field, a dialog's text).
 * Elements that clip or scroll on purpose (overflow other than visible) are their own boxes and
 * are skipped, as are inline elements (their width is their text's), SVG drawings and what is
 * not rendered.
 */
export function overflowingElements(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const root = document.documentElement;
    const found: string[] = [];
    if (root.scrollWidth > root.clientWidth) {
      found.push(`the page: ${root.scrollWidth} px in a ${root.clientWidth} px viewport`);
    }
    for (const element of document.body.querySelectorAll<HTMLElement>("*")) {
      const style = getComputedStyle(element);
      if (style.display === "inline" || style.display === "none") continue;
      // Not rendered: inside a closed <details> (the phone menu before hydration), whose content
      // Chromium still measures (121 px of links "in" 63 px) though nobody can see it.
      if (!element.checkVisibility()) continue;
      // An SVG's text is measured by its viewBox, not by CSS boxes.
      if (element instanceof SVGElement) continue;
      if (style.overflowX !== "visible") continue;
      if (element.scrollWidth <= element.clientWidth + 1) continue;
      const name = element.getAttribute("aria-label") ?? element.textContent ?? "";
      found.push(
        `<${element.tagName.toLowerCase()} class="${element.className}"> ${element.scrollWidth} > ${element.clientWidth}: ${name.trim().slice(0, 60)}`,
      );
    }
    return found;
  });
}

/**
 * A page that looks finished: nothing past its box, no axe violation, nothing broken (console
 * errors, failed requests); a screenshot `shotName` for a person to look at. Leaves the page open.
 */
export async function expectFinishedPage(
  page: Page,
  problems: () => string[],
  what: string,
  shotName: string,
): Promise<void> {
  expect(await overflowingElements(page)).toEqual([]);
  await expectNoAxeViolations(page, what);
  await shot(page, shotName);
  expect(problems()).toEqual([]);
}
