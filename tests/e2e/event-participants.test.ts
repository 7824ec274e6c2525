import { readFile } from "node:fs/promises";
import { parse } from "csv-parse/sync";
import { eq } from "drizzle-orm";
import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { closeDatabase } from "~/db/client.server";
import { emailOutbox } from "~/db/schema";
import { runParticipationReminders } from "~/participation/participation-reminders.server";
import { HttpClient } from "../helpers/accounts";
import { formSchemaLoaded, launchBrowser, watchPageProblems } from "../helpers/browser";
import { type FixtureServer, startFixtureServer } from "../helpers/fixture-server";
import { makeJpeg } from "../helpers/images";
import { expectFinishedPage } from "../helpers/layout";
import { mailTo, waitForMail } from "../helpers/mail";
import { eventFormData, logServerOnFailure, phonePage, signedInClient } from "../helpers/members";
import { shot } from "../helpers/screenshots";

/**
 * Issue 15's acceptance for the institution's side (items 3 and 4): an institution creates an
 * event with 2 places; three volunteers take part (two confirmed, one waiting); one cancels and
 * the waiting person is promoted and e-mailed; the institution sees the list, exports it as CSV
 * (parsed here) and writes to the participants; the reminder job, run with a `now` a day before
 * the event (twice, as two instances would), sends exactly one e-mail per participant; a
 * removal asks first and works without JavaScript. Other accounts are kept out. Every state is
 * checked with axe and shot at 390 and 1280 px.
 */
type Key = "institution" | "ana" | "bia" | "caio" | "davi" | "other" | "pending" | "admin";
let server: FixtureServer<Key>;
let browser: Browser;
let eventId = "";

const EVENT_NAME = "Mutirão de Natal";
/** The event is a year ahead, at 09:00 in Brasília (12:00 UTC): ISO and as the form writes it. */
const day = new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);
const formDate = day.split("-").reverse().join("/");
const startsAt = new Date(`${day}T12:00:00Z`);
const hoursBefore = (hours: number) => new Date(startsAt.getTime() - hours * 3_600_000);

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startFixtureServer({
      accounts: {
        institution: { kind: "institution", status: "APPROVED", name: "Instituto Maré Alta" },
        ana: { kind: "volunteer", name: "Ana Lima" },
        bia: { kind: "volunteer", name: "Bia Souza" },
        caio: { kind: "volunteer", name: "Caio Prado" },
        davi: { kind: "volunteer", name: "Davi Melo" },
        other: { kind: "institution", status: "APPROVED", name: "Outra ONG" },
        pending: { kind: "institution", status: "PENDING", name: "ONG em Análise" },
        admin: { kind: "admin" },
      },
    }),
    launchBrowser(),
  ]);
});

afterEach(({ task }) => logServerOnFailure(task, server));

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const participantsPath = () => `/app/eventos/${eventId}/participantes`;
const client = (who: Key) => signedInClient(server, server.accounts[who]);

/** The institution's page at 390 px (phonePage) or 1280 px, with or without JavaScript. */
async function institutionPage(width: 390 | 1280, options: { js?: boolean } = {}) {
  const signedIn = await client("institution");
  if (width === 390) return phonePage(browser, signedIn, options);
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    locale: "pt-BR",
    javaScriptEnabled: options.js ?? true,
    extraHTTPHeaders: { "X-Forwarded-For": signedIn.ip },
  });
  await context.addCookies(signedIn.playwrightCookies());
  const page = await context.newPage();
  return { page, problems: watchPageProblems(page) };
}

/**
 * Waits for React to take over the page: until then the phone menu is a closed <details>, whose
 * hidden content Chromium lays out at odd widths that the overflow check would report.
 */
const hydrated = (page: Page) =>
  page.locator("header button[aria-expanded]").waitFor({ state: "attached" });

/** Checks the page at both widths: no overflow, no axe violation, a screenshot of each. */
async function expectFinishedAtBothWidths(
  path: string,
  name: string,
  ready: (page: Page) => Promise<unknown>,
) {
  for (const width of [390, 1280] as const) {
    const { page, problems } = await institutionPage(width);
    await page.goto(`${server.url}${path}`);
    await ready(page);
    await hydrated(page);
    await expectFinishedPage(page, problems, `${name} ${width}`, `participantes/${name}-${width}`);
    await page.context().close();
  }
}

async function take(who: Key, intent: "participar" | "cancelar") {
  const response = await (await client(who)).post(`/eventos/${eventId}`, { intent });
  expect(response.status).toBe(302);
}

describe("an institution's participants", () => {
  it("creates an event with 2 places, linked to its empty list", async () => {
    const institution = await client("institution");
    const created = await institution.post(
      "/app/novo-evento",
      eventFormData(
        {
          name: EVENT_NAME,
          eventDate: formDate,
          startTime: "09:00",
          endTime: "12:00",
          places: "2",
          format: "PRESENCIAL",
          uf: "PE",
          city: "Recife",
        },
        { buffer: await makeJpeg({ width: 900, height: 340 }) },
      ),
    );
    expect(created.status).toBe(302);
    const { page, problems } = await institutionPage(390);
    await page.goto(`${server.url}/app/instituicao`);
    const link = page.getByRole("link", { name: `Participantes do evento ${EVENT_NAME}` });
    eventId =
      /\/app\/eventos\/([0-9a-f-]{36})\/participantes$/.exec(
        (await link.getAttribute("href")) ?? "",
      )?.[1] ?? "";
    expect(eventId).not.toBe("");
    const admin = new HttpClient(server.url);
    expect((await admin.signIn(server.accounts.admin, "/admin/login")).status).toBe(302);
    expect(
      (await admin.post("/admin/dashboard", { intent: "aprovar-evento", id: eventId })).status,
    ).toBe(302);

    await link.click();
    await page.waitForURL(`${server.url}${participantsPath()}`);
    await page.getByText("0 de 2 vagas preenchidas").waitFor();
    await page.getByText(/^Ninguém confirmou presença ainda/).waitFor();
    expect(problems()).toEqual([]);
    await page.context().close();
    await expectFinishedAtBothWidths(participantsPath(), "vazia", (p) =>
      p.getByText("0 de 2 vagas preenchidas").waitFor(),
    );
  });

  it("keeps other institutions, institutions under review, volunteers and visitors out", async () => {
    const paths = [
      participantsPath(),
      `${participantsPath()}.csv`,
      `/app/eventos/${eventId}/mensagem`,
    ];
    const other = await client("other");
    for (const path of paths) expect((await other.get(path)).status).toBe(404);
    const removal = await other.post(participantsPath(), { intent: "remove", id: eventId });
    expect(removal.status).toBe(404);
    const message = await other.post(`/app/eventos/${eventId}/mensagem`, {
      subject: "Oi",
      message: "Mensagem de quem não é dono.",
      sendId: crypto.randomUUID(),
    });
    expect(message.status).toBe(404);
    const pending = await client("pending");
    for (const path of paths) {
      const answer = await pending.get(path);
      expect(answer.status).toBe(302);
      expect(answer.headers.get("location")).toBe("/app/instituicao");
    }
    const volunteer = await client("ana");
    for (const path of paths) {
      const answer = await volunteer.get(path);
      expect(answer.status).toBe(302);
      expect(answer.headers.get("location")).toBe("/");
    }
    const visitor = new HttpClient(server.url);
    for (const path of paths) {
      const answer = await visitor.get(path);
      expect(answer.status).toBe(302);
      expect(answer.headers.get("location")).toMatch(/^\/auth\/login\?redirectTo=/);
    }
  });

  it("lists two confirmed and one waiting; a cancellation promotes and e-mails the waiting one", async () => {
    await take("ana", "participar");
    await take("bia", "participar");
    await take("caio", "participar");
    const { page, problems } = await institutionPage(390);
    await page.goto(`${server.url}${participantsPath()}`);
    await page.getByText("2 de 2 vagas preenchidas · 1 na lista de espera").waitFor();
    expect(await page.getByRole("heading", { name: /Lista de espera/ }).isVisible()).toBe(true);
    await page.getByRole("link", { name: "Remover Caio Prado da lista" }).waitFor();
    expect(problems()).toEqual([]);
    await page.context().close();
    await expectFinishedAtBothWidths(participantsPath(), "com-espera", (p) =>
      p.getByText("2 de 2 vagas preenchidas · 1 na lista de espera").waitFor(),
    );

    await take("ana", "cancelar");
    const [promoted] = await waitForMail(
      server.mailDir,
      server.accounts.caio.email,
      `Vaga confirmada: ${EVENT_NAME}`,
    );
    expect(promoted.text).toContain(`/eventos/${eventId}`);
    await expectFinishedAtBothWidths(participantsPath(), "com-pessoas", async (p) => {
      await p.getByText("2 de 2 vagas preenchidas", { exact: true }).waitFor();
      await p.getByRole("heading", { name: /Saíram da lista/ }).waitFor();
    });
  });

  it("exports the list as a CSV with the three names and their statuses", async () => {
    const { page } = await institutionPage(1280);
    await page.goto(`${server.url}${participantsPath()}`);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Exportar CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^participantes-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = await readFile(await download.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const table = parse(bytes.toString("utf8"), { delimiter: ";", bom: true }) as string[][];
    expect(table[0]).toEqual([
      "Nome",
      "E-mail",
      "Telefone",
      "Cidade",
      "Situação",
      "Posição na lista de espera",
      "Inscrição em",
    ]);
    expect(table.slice(1).map((row) => [row[0], row[1], row[4]])).toEqual([
      ["Bia Souza", server.accounts.bia.email, "Confirmada"],
      ["Caio Prado", server.accounts.caio.email, "Confirmada"],
      // Issue 39 (ADR 0072): whoever left is listed without contact.
      ["Ana Lima", "", "Cancelada pela pessoa"],
    ]);
    for (const row of table.slice(1)) {
      expect(row[6]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);
    }
    await page.context().close();
  });

  it("writes to the confirmed participants, with clear errors first", async () => {
    const messagePath = `/app/eventos/${eventId}/mensagem`;
    for (const width of [390, 1280] as const) {
      const { page, problems } = await institutionPage(width);
      await page.goto(`${server.url}${participantsPath()}`);
      await page.getByRole("link", { name: "Enviar mensagem aos participantes" }).click();
      await page.waitForURL(`${server.url}${messagePath}`);
      // The form's schema arrives after the page (ADR 0010; since this page stopped loading Zod
      // up front): a post sent before it is checked by the server instead, a 400 answer that
      // the page-problem watch counts. Here the browser's own check is the subject.
      await formSchemaLoaded(page);
      await page.getByLabel("Assunto").fill("Oi");
      await page.getByRole("button", { name: "Enviar mensagem" }).click();
      await page.getByText("O assunto deve ter pelo menos 3 caracteres.").waitFor();
      await hydrated(page);
      await expectFinishedPage(
        page,
        problems,
        `mensagem ${width}`,
        `participantes/mensagem-erro-${width}`,
      );
      await page.context().close();
    }
    // Without JavaScript the server gives the same messages, and keeps what was typed.
    const { page } = await institutionPage(390, { js: false });
    await page.goto(`${server.url}${messagePath}`);
    await page.getByLabel("Mensagem").fill("Curta");
    await page.getByRole("button", { name: "Enviar mensagem" }).click();
    await page.getByText("Informe o assunto da mensagem.").waitFor();
    expect(await page.getByLabel("Mensagem").inputValue()).toBe("Curta");
    await page.getByLabel("Assunto").fill("Ponto de encontro");
    await page.getByLabel("Mensagem").fill("Nos vemos às 8h30 na praça, perto do coreto.");
    const sendId = await page.locator('input[name="sendId"]').inputValue();
    await page.getByRole("button", { name: "Enviar mensagem" }).click();
    await page.getByText("Mensagem enviada para 2 pessoas.").waitFor();
    await page.context().close();
    // The same form sent again (a second tap, a resent post): nobody gets it twice.
    const again = await (await client("institution")).post(messagePath, {
      subject: "Ponto de encontro",
      message: "Nos vemos às 8h30 na praça, perto do coreto.",
      sendId,
    });
    expect(again.status).toBe(302);
    expect(decodeURIComponent(again.headers.get("set-cookie") ?? "")).toContain(
      "Esta mensagem já tinha sido enviada",
    );
    for (const who of ["bia", "caio"] as const) {
      await waitForMail(
        server.mailDir,
        server.accounts[who].email,
        `Ponto de encontro - ${EVENT_NAME}`,
      );
    }
    expect(
      (await mailTo(server.mailDir, server.accounts.ana.email)).filter((mail) =>
        mail.subject.startsWith("Ponto de encontro"),
      ),
    ).toEqual([]);
  });

  it("reminds each participant once, a day before, however many instances run the job", async () => {
    const database = await server.stopAndOpenDatabase();
    const reminders = () =>
      database
        .select({ to: emailOutbox.to })
        .from(emailOutbox)
        .where(eq(emailOutbox.kind, "participation-reminder"));
    try {
      process.env.BASE_URL = "http://localhost:3000";
      expect(await runParticipationReminders(hoursBefore(25))).toBe(0);
      const counts = await Promise.all([
        runParticipationReminders(hoursBefore(23)),
        runParticipationReminders(hoursBefore(23)),
      ]);
      expect(counts[0] + counts[1]).toBe(2);
      expect(await runParticipationReminders(hoursBefore(1))).toBe(0);
      expect((await reminders()).map((row) => row.to).sort()).toEqual(
        [server.accounts.bia.email, server.accounts.caio.email].sort(),
      );
    } finally {
      await closeDatabase();
    }
    await server.restart();
    for (const who of ["bia", "caio"] as const) {
      const [mail] = await waitForMail(
        server.mailDir,
        server.accounts[who].email,
        `Lembrete: ${EVENT_NAME} é amanhã`,
      );
      expect(mail.text).toContain("das 09:00 às 12:00");
    }
    for (const who of ["ana", "bia", "caio"] as const) {
      const mails = await mailTo(server.mailDir, server.accounts[who].email);
      expect(mails.filter((mail) => mail.subject.startsWith("Lembrete:"))).toHaveLength(
        who === "ana" ? 0 : 1,
      );
    }
  });

  it("asks before removing someone, and removes without JavaScript too", async () => {
    await take("davi", "participar");
    const { page, problems } = await institutionPage(390);
    await page.goto(`${server.url}${participantsPath()}`);
    await page.getByRole("link", { name: "Remover Davi Melo da lista" }).click();
    const dialog = page.getByRole("dialog", { name: "Remover da lista?" });
    await dialog.waitFor();
    await hydrated(page);
    await expectFinishedPage(page, problems, "remover 390", "participantes/remover-390");
    // A full-page shot dims only the first screen under a modal: this one shows what people see.
    await shot(page, "participantes/remover-390-tela", { fullPage: false });
    await dialog.getByRole("link", { name: "Não, manter" }).click();
    await dialog.waitFor({ state: "detached" });
    await page.context().close();

    const desktop = await institutionPage(1280);
    await desktop.page.goto(`${server.url}${participantsPath()}`);
    await desktop.page.getByRole("link", { name: "Remover Davi Melo da lista" }).click();
    await desktop.page.getByRole("dialog", { name: "Remover da lista?" }).waitFor();
    await hydrated(desktop.page);
    await expectFinishedPage(
      desktop.page,
      desktop.problems,
      "remover 1280",
      "participantes/remover-1280",
    );
    await shot(desktop.page, "participantes/remover-1280-tela", { fullPage: false });
    await desktop.page.context().close();

    const noScript = await institutionPage(390, { js: false });
    await noScript.page.goto(`${server.url}${participantsPath()}`);
    await noScript.page.getByRole("link", { name: "Remover Davi Melo da lista" }).click();
    await noScript.page.getByRole("button", { name: "Sim, remover" }).click();
    await noScript.page
      .getByText("Davi Melo saiu da lista e vai receber um e-mail avisando.")
      .waitFor();
    await noScript.page.getByText("Removida pela instituição").waitFor();
    await noScript.page.context().close();
    const [removed] = await waitForMail(
      server.mailDir,
      server.accounts.davi.email,
      `Inscrição retirada: ${EVENT_NAME}`,
    );
    expect(removed.text).toContain("A instituição Instituto Maré Alta retirou sua inscrição");
  });
});
