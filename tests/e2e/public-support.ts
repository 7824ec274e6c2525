import type { BrowserContext, Page } from "playwright-core";
import { watchPageProblems } from "../helpers/browser";

/** Shared by the public-*.test.ts files: a phone and a desktop, as docs/design.md asks. */
export const VIEWPORTS = [
  { label: "390 px", width: 390, height: 844 },
  { label: "1280 px", width: 1280, height: 800 },
];

/** A new page on `path`, recording console errors, failed requests and HTTP errors. */
export async function openPage(context: BrowserContext, url: string) {
  const page = await context.newPage();
  const problems = watchPageProblems(page);
  const response = await page.goto(url, { waitUntil: "load" });
  return { page, problems, status: response?.status() };
}

/** Every distinct `/instituicoes/<id>` or `/eventos/<id>` linked from the page, in order. */
export async function detailLinks(page: Page, prefix: "/instituicoes/" | "/eventos/") {
  const hrefs = await page
    .locator(`main a[href^="${prefix}"]`)
    .evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
  return [
    ...new Set(hrefs.filter((href) => /^\/(instituicoes|eventos)\/[0-9a-f-]{36}$/.test(href))),
  ];
}

/** The cards of a public list (each card is an <article> inside the results list). */
export function listCards(page: Page, listName: string) {
  return page.getByRole("list", { name: listName }).getByRole("article");
}

/** Scrolls to the bottom of the page, as a reader swiping down would. */
export async function scrollToBottom(page: Page) {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
}

/**
 * Checks an iCalendar file the way a strict parser would (RFC 5545): CRLF line ends, lines of
 * at most 75 octets (folded ones start with a space), balanced BEGIN/END, the properties a
 * VEVENT needs. Returns the unfolded properties of the first VEVENT.
 */
export function parseIcs(text: string): Map<string, string> {
  if (!text.endsWith("\r\n")) throw new Error("the file does not end with CRLF");
  if (/(?<!\r)\n|\r(?!\n)/.test(text)) throw new Error("a line ends without CRLF");
  const physical = text.slice(0, -2).split("\r\n");
  for (const line of physical) {
    const octets = new TextEncoder().encode(line).length;
    if (octets > 75) throw new Error(`line longer than 75 octets (${octets}): ${line}`);
  }
  const logical: string[] = [];
  for (const line of physical) {
    if (line.startsWith(" ") || line.startsWith("\t")) {
      if (logical.length === 0) throw new Error("the file starts with a continuation line");
      logical[logical.length - 1] += line.slice(1);
    } else {
      logical.push(line);
    }
  }
  const stack: string[] = [];
  const event = new Map<string, string>();
  let events = 0;
  for (const line of logical) {
    const colon = line.indexOf(":");
    if (colon < 1) throw new Error(`not a property line: ${line}`);
    const name = line.slice(0, colon);
    const value = line.slice(colon + 1);
    if (name === "BEGIN") {
      stack.push(value);
      if (value === "VEVENT") events += 1;
    } else if (name === "END") {
      if (stack.pop() !== value) throw new Error(`END:${value} does not close its BEGIN`);
    } else if (stack.at(-1) === "VEVENT" && events === 1) {
      event.set(name, value);
    }
  }
  if (stack.length > 0) throw new Error(`unclosed: ${stack.join(", ")}`);
  if (!logical[0]?.startsWith("BEGIN:VCALENDAR")) throw new Error("no VCALENDAR");
  for (const required of ["VERSION:2.0", "PRODID:"]) {
    if (!logical.some((line) => line.startsWith(required))) throw new Error(`no ${required}`);
  }
  if (events !== 1) throw new Error(`expected one VEVENT, found ${events}`);
  return event;
}

/**
 * The start and end of a parsed VEVENT: a whole-day event (`VALUE=DATE`, 'AAAAMMDD') or one with
 * times in Brasília's zone (`TZID=America/Sao_Paulo`, 'AAAAMMDDTHHMMSS'); the demo has both.
 */
export function icsSpan(event: Map<string, string>): {
  allDay: boolean;
  start: string;
  end: string;
} {
  const allDay = event.has("DTSTART;VALUE=DATE");
  const kind = allDay ? "VALUE=DATE" : "TZID=America/Sao_Paulo";
  return {
    allDay,
    start: event.get(`DTSTART;${kind}`) ?? "",
    end: event.get(`DTEND;${kind}`) ?? "",
  };
}
