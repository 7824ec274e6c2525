import type { Browser, Page } from "playwright-core";
import { closeDatabase, type DatabaseTarget, openDatabase } from "~/db/client.server";
import { events, images, volunteerRequests } from "~/db/schema";
import { processImageUpload } from "~/images/pipeline.server";
import { HttpClient, type SeededAccount, testIp } from "./accounts";
import { watchPageProblems } from "./browser";
import { makeJpeg } from "./images";

/**
 * Helpers of the member-area tests (issue 5, tests/e2e/members-*.test.ts): a server of the
 * test file's own with fixture accounts plus the events and applications a test needs written
 * before it starts (PGlite allows one process, so rows go in first), signed-in HTTP clients and
 * phone-sized browser pages, e-mails from DATA_DIR/mail, axe and screenshots.
 */

export const PHONE = { width: 390, height: 844 };

export interface EventSeed {
  key: string;
  /** Key of an institution account of the same server. */
  institution: string;
  name: string;
  status: "PENDING" | "APPROVED" | "REJECTED" | "DELETED";
  /** yyyy-MM-dd; default: a year from now. */
  eventDate?: string;
  /** An event whose cover is gone (cover_image_id null), as after its image was deleted. */
  withoutCover?: boolean;
  /** Volunteer places (issue 15); none: no limit. */
  places?: number;
  format?: "PRESENCIAL" | "ONLINE" | "HIBRIDO";
  onlineLink?: string;
}

export interface ApplicationSeed {
  key: string;
  volunteer: string;
  institution: string;
  message?: string;
  status?: "PENDING" | "ACCEPTED" | "DECLINED";
}

function yearFromNow(): string {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() + 1);
  return date.toISOString().slice(0, 10);
}

/**
 * Writes events and applications of seeded accounts into DATA_DIR's embedded database, or into
 * the PostgreSQL database `{ url }` names; returns their ids by key.
 */
export async function seedRows(
  target: string | DatabaseTarget,
  accounts: Record<string, SeededAccount>,
  options: { events?: EventSeed[]; applications?: ApplicationSeed[] },
): Promise<Record<string, string>> {
  const ids: Record<string, string> = {};
  if (!options.events?.length && !options.applications?.length) return ids;
  const database = await openDatabase(typeof target === "string" ? { dataDir: target } : target);
  try {
    const cover = await processImageUpload(
      new Blob([new Uint8Array(await makeJpeg({ width: 900, height: 340, color: "#f97316" }))]),
      "cover",
    );
    for (const seed of options.events ?? []) {
      const institutionId = account(accounts, seed.institution).id;
      const [image] = seed.withoutCover
        ? []
        : await database
            .insert(images)
            .values({ ownerId: institutionId, ...cover })
            .returning({ id: images.id });
      const [row] = await database
        .insert(events)
        .values({
          institutionId,
          name: seed.name,
          eventDate: seed.eventDate ?? yearFromNow(),
          resume: "Um evento criado para os testes da área da instituição.",
          about: "Descrição longa do evento de teste, com tudo o que a pessoa precisa saber.",
          coverImageId: image?.id,
          street: "Rua do Teste",
          number: "10",
          neighborhood: "Centro",
          complement: "Sala 2",
          city: "Niterói",
          state: "RJ",
          status: seed.status,
          places: seed.places,
          format: seed.format,
          onlineLink: seed.onlineLink,
        })
        .returning({ id: events.id });
      ids[seed.key] = row?.id ?? "";
    }
    for (const seed of options.applications ?? []) {
      const volunteer = account(accounts, seed.volunteer);
      const [row] = await database
        .insert(volunteerRequests)
        .values({
          volunteerId: volunteer.id,
          institutionId: account(accounts, seed.institution).id,
          replyEmail: volunteer.email,
          phone: "5521987654321",
          summary: seed.message ?? "Quero ajudar nas atividades de fim de semana.",
          status: seed.status ?? "PENDING",
        })
        .returning({ id: volunteerRequests.id });
      ids[seed.key] = row?.id ?? "";
    }
    return ids;
  } finally {
    await closeDatabase();
  }
}

function account(accounts: Record<string, SeededAccount>, key: string): SeededAccount {
  const found = accounts[key];
  if (!found) throw new Error(`no fixture account "${key}"`);
  return found;
}

/** Today in Brasília as the pages write dates, "dd/MM/aaaa" (written here, not taken from the app). */
export function todayInBrazil(): string {
  return new Intl.DateTimeFormat("pt-BR", {
    timeZone: "America/Sao_Paulo",
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
  }).format(new Date());
}

/** After a failed test, the end of the server's log: what it answered and why. */
export function logServerOnFailure(
  task: { result?: { state?: string } },
  server: { logs: () => string } | undefined,
): void {
  if (task.result?.state === "fail" && server) {
    console.error(`--- server log (end) ---\n${server.logs().slice(-6000)}`);
  }
}

/** An HTTP client signed in as `account` (through the login form). */
export async function signedInClient(
  server: { url: string },
  who: { email: string; password: string },
): Promise<HttpClient> {
  const client = new HttpClient(server.url);
  const response = await client.signIn(who);
  if (response.status !== 302) throw new Error(`${who.email} could not sign in`);
  return client;
}

/**
 * A phone-sized page (390 px) in a context of its own (axe needs one), signed in with the
 * client's session cookie when given. Records page problems (console errors, failed requests).
 */
export async function phonePage(
  browser: Browser,
  client?: HttpClient,
  options: { js?: boolean } = {},
): Promise<{ page: Page; problems: () => string[] }> {
  const context = await browser.newContext({
    viewport: PHONE,
    locale: "pt-BR",
    javaScriptEnabled: options.js ?? true,
    extraHTTPHeaders: { "X-Forwarded-For": client?.ip ?? testIp() },
  });
  if (client) await context.addCookies(client.playwrightCookies());
  const page = await context.newPage();
  return { page, problems: watchPageProblems(page) };
}

/** `/a/b?x=1` → `/a/b.data?x=1&_routes=<route id>`, as a client-side navigation asks. */
export function dataUrl(url: string, routeId: string): string {
  const [pathname = "", query] = url.split("?");
  const params = new URLSearchParams(query);
  params.set("_routes", routeId);
  return `${pathname}.data?${params}`;
}

/** Pictures to upload: a small JPEG photo and a wide cover, made on the spot. */
export async function pictures() {
  return {
    photo: {
      name: "nova-foto.jpg",
      mimeType: "image/jpeg",
      buffer: await makeJpeg({ color: "#be185d" }),
    },
    cover: {
      name: "capa.jpg",
      mimeType: "image/jpeg",
      buffer: await makeJpeg({ width: 1200, height: 450, color: "#1d4ed8" }),
    },
  };
}

/**
 * Picks `file` (one of pictures()) in a picture group of a form, through its "Enviar foto" or
 * "Alterar foto" button and the file chooser it opens, as a person does with JavaScript.
 */
export async function choosePictureFile(page: Page, group: string, file: { name: string }) {
  const [chooser] = await Promise.all([
    page.waitForEvent("filechooser"),
    page
      .getByRole("group", { name: group, exact: true })
      .getByRole("button", { name: /Enviar foto|Alterar foto/ })
      .click(),
  ]);
  await chooser.setFiles(file as Parameters<typeof chooser.setFiles>[0]);
}

/** The id in the first link of the page whose href matches `pattern` (one capture group). */
export async function idFromLink(page: Page, pattern: RegExp): Promise<string> {
  const hrefs = await page
    .locator("a[href]")
    .evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
  for (const href of hrefs) {
    const match = pattern.exec(href);
    if (match?.[1]) return match[1];
  }
  throw new Error(`no link matching ${pattern}`);
}

/**
 * A complete, valid event form (docs/spec.md 5) as the event pages post it; `fields` overrides any
 * field, and `cover` (a file's bytes) goes in landingImage when given.
 */
export function eventFormData(
  fields: Record<string, string> = {},
  cover?: { buffer: Buffer; name?: string; mimeType?: string },
): FormData {
  const form = new FormData();
  const values: Record<string, string> = {
    name: "Evento de teste",
    eventDate: "10/10/2099",
    resume: "Resumo de um evento de teste.",
    about: "Descrição de um evento de teste, longa o bastante.",
    uf: "SP",
    city: "Campinas",
    street: "Rua Qualquer",
    number: "1",
    neighborhood: "Centro",
    complete: "Casa",
    ...fields,
  };
  for (const [field, value] of Object.entries(values)) form.set(field, value);
  if (cover) {
    const blob = new Blob([new Uint8Array(cover.buffer)], { type: cover.mimeType ?? "image/jpeg" });
    form.set("landingImage", blob, cover.name ?? "capa.jpg");
  }
  return form;
}
