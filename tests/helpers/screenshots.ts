import { mkdir } from "node:fs/promises";
import path from "node:path";
import type { Page } from "playwright-core";
import { onTestFailed } from "vitest";

/**
 * Screenshots of pages as a person sees them, for a human to look at (no test compares them):
 * taken only when the test that asks for one fails (the page as it is when the test fails), or
 * on every run with SCREENSHOTS=1 (`SCREENSHOTS=1 npx vitest run --project e2e <file>`), e.g. to
 * review a layout change. They go to /tmp/shots/<name>.png, outside the repository. Full-page
 * shots could double the time of a browser test, which is why they are not taken on every run.
 */
export const SHOTS_DIR = "/tmp/shots";

export function screenshotsOnEveryRun(): boolean {
  return process.env.SCREENSHOTS === "1";
}

/** Call inside a test: `name` may contain a folder ("admin/erro-1280"). */
export async function shot(
  page: Page,
  name: string,
  { fullPage = true }: { fullPage?: boolean } = {},
): Promise<void> {
  const take = async () => {
    const file = path.join(SHOTS_DIR, `${name}.png`);
    await mkdir(path.dirname(file), { recursive: true });
    // From the top: a sticky header scrolled along would sit in the middle of a full-page shot.
    if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: file, fullPage });
  };
  if (screenshotsOnEveryRun()) return take();
  try {
    onTestFailed(async () => {
      // The page may be closed already; a missing screenshot must not hide the failure itself.
      await take().catch((error: unknown) => console.error(`screenshot ${name}: ${error}`));
    });
  } catch {
    // A test of a describe.concurrent block has no "current test" to hook: its screenshots are
    // taken with SCREENSHOTS=1 only.
  }
}
