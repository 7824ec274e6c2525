import type { Browser, Page } from "playwright-core";
import type { HttpClient } from "./accounts";
import { phonePage, signedInClient } from "./members";

/** The two widths every new page and state is looked at (issue 15): a phone and a laptop. */
export const WIDTHS = [390, 1280] as const;

/**
 * A page `width` px wide in a context of its own (axe needs one), signed in with the client's
 * session when given: phonePage's page, resized for the laptop width.
 */
export async function sizedPage(
  browser: Browser,
  width: number,
  client?: HttpClient,
): Promise<{ page: Page; problems: () => string[] }> {
  const opened = await phonePage(browser, client);
  if (width !== 390) await opened.page.setViewportSize({ width, height: 800 });
  return opened;
}

/**
 * Opens `url` and waits for React to take over the page: before that, the phone menu is a
 * closed <details> whose panel reads as overflowing, and a click may go to the server instead.
 */
export async function gotoHydrated(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.locator("button[aria-expanded]").first().waitFor({ state: "attached" });
}

/** A hydrated page `width` px wide at `path`, signed in as `who`. */
export async function signedInPageAt(
  browser: Browser,
  server: { url: string },
  who: { email: string; password: string },
  width: number,
  path: string,
): Promise<{ page: Page; problems: () => string[] }> {
  const opened = await sizedPage(browser, width, await signedInClient(server, who));
  await gotoHydrated(opened.page, `${server.url}${path}`);
  return opened;
}
