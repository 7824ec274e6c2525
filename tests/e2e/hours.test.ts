import { eq } from "drizzle-orm";
import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { volunteerRequests } from "~/db/schema";
import { HttpClient } from "../helpers/accounts";
import { acceptEveryTermo } from "../helpers/agreement-world";
import { formSchemaLoaded, launchBrowser } from "../helpers/browser";
import { type FixtureServer, startFixtureServer } from "../helpers/fixture-server";
import { expectFinishedPage } from "../helpers/layout";
import { waitForMail } from "../helpers/mail";
import { logServerOnFailure, phonePage, signedInClient } from "../helpers/members";
import { brazilDay, seedParticipations, setEventTimes } from "../helpers/participation-seeds";
import { shot } from "../helpers/screenshots";
import { signedInPageAt, WIDTHS } from "../helpers/sized-page";

/**
 * Issue 16's acceptance for hours (items 3 and 4): after an event the institution confirms 4 h
 * for two participants in one submit (without JavaScript too), and each volunteer's "Minha
 * jornada" and home show 4 h; a volunteer logs a month of an ongoing activity, which counts only
 * once the institution approves it; a decline needs a reason. Other institutions get 404, a
 * volunteer cannot reach the institution's confirmations. Every page and state at 390 and
 * 1280 px with axe; screenshots in /tmp/shots/b/.
 */
type Key = "ong" | "outra" | "ana" | "bia" | "caio" | "davi";
let server: FixtureServer<Key>;
let browser: Browser;

const PAST = "Mutirão da praia";
const ALL_DAY = "Feira do dia inteiro";
const FUTURE = "Plantão do mês que vem";
const ids = () => ({
  past: server.ids.past ?? "",
  allDay: server.ids.allDay ?? "",
  future: server.ids.future ?? "",
});

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startFixtureServer({
      accounts: {
        ong: { kind: "institution", status: "APPROVED", name: "Instituto Maré Alta" },
        outra: { kind: "institution", status: "APPROVED", name: "Outra ONG" },
        ana: { kind: "volunteer", name: "Ana Lima" },
        bia: { kind: "volunteer", name: "Bia Souza" },
        caio: { kind: "volunteer", name: "Caio Prado" },
        davi: { kind: "volunteer", name: "Davi Reis" },
      },
      events: [
        {
          key: "past",
          institution: "ong",
          name: PAST,
          status: "APPROVED",
          eventDate: brazilDay(-2),
        },
        {
          key: "allDay",
          institution: "ong",
          name: ALL_DAY,
          status: "APPROVED",
          eventDate: brazilDay(-1),
        },
        {
          key: "future",
          institution: "ong",
          name: FUTURE,
          status: "APPROVED",
          eventDate: brazilDay(30),
        },
      ],
      applications: [{ key: "ongoing", volunteer: "caio", institution: "ong", status: "ACCEPTED" }],
      beforeStart: async (db, accounts) => {
        await setEventTimes(db, PAST, "09:00", "13:00");
        await seedParticipations(db, accounts, [
          [PAST, "ana", "CONFIRMED"],
          [PAST, "bia", "CONFIRMED"],
          [PAST, "davi", "CANCELLED"],
          [ALL_DAY, "ana", "CONFIRMED"],
          [FUTURE, "bia", "CONFIRMED"],
        ]);
        // Hours wait for accepted termos (ADR 0070): every confirmed place's and the application's.
        await acceptEveryTermo(db, accounts);
        // Caio's application was accepted months ago: the months logged below are within it.
        await db
          .update(volunteerRequests)
          .set({ decidedAt: new Date(Date.now() - 200 * 86_400_000) })
          .where(eq(volunteerRequests.volunteerId, accounts.caio.id));
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

const hoursPath = (eventId: string) => `/app/eventos/${eventId}/horas`;

/** Every width: the page at `path` as `who`, ready, finished (no overflow, axe) and shot. */
async function lookAt(
  who: Key,
  path: string,
  name: string,
  ready: (page: Page) => Promise<unknown>,
) {
  for (const width of WIDTHS) {
    const { page, problems } = await signedInPageAt(
      browser,
      server,
      server.accounts[who],
      width,
      path,
    );
    await ready(page);
    await expectFinishedPage(page, problems, `${name} ${width}`, `b/${name}-${width}`);
    await page.context().close();
  }
}

describe("hours of an event", () => {
  it("answers a post its page could not have sent with a message the page shows", async () => {
    const davi = await signedInClient(server, server.accounts.davi);
    // Davi has no accepted application: the log form is not on his page, the message is.
    const log = await davi.post("/app/jornada", { qualquer: "coisa" });
    expect(log.status).toBe(400);
    expect(await log.text()).toContain("Escolha a atividade.");
    const ong = await signedInClient(server, server.accounts.ong);
    // Before the event nothing is listed; without any person the post is refused aloud.
    const early = await ong.post(hoursPath(ids().future), { intent: "confirm" });
    expect(early.status).toBe(400);
    expect(await early.text()).toContain("Ninguém a confirmar");
    const forged = await ong.post("/app/instituicao/horas", {
      intent: "decline",
      id: "não-é-um-id",
      reason: "Motivo qualquer",
    });
    expect(forged.status).toBe(400);
    expect(await forged.text()).toContain("Registro de horas não encontrado.");
  });

  it("before the event and for an event without anyone confirmed, says why nothing is asked", async () => {
    await lookAt("ong", hoursPath(ids().future), "evento-futuro", (page) =>
      page.getByText(/As horas são confirmadas depois que o evento começa/).waitFor(),
    );
  });

  it("keeps other institutions (404) and volunteers (not theirs to confirm) out", async () => {
    const outra = await signedInClient(server, server.accounts.outra);
    expect((await outra.get(hoursPath(ids().past))).status).toBe(404);
    const person = server.accounts.ana.id;
    const forged = {
      intent: "confirm",
      person,
      [`present-${person}`]: "on",
      [`hours-${person}`]: "24",
    };
    expect((await outra.post(hoursPath(ids().past), forged)).status).toBe(404);
    // Ana cannot confirm her own hours: the institution's pages are not hers.
    const ana = await signedInClient(server, server.accounts.ana);
    const own = await ana.post(hoursPath(ids().past), forged);
    expect(own.status).toBe(302);
    expect(own.headers.get("location")).toBe("/");
    const approve = await ana.post("/app/instituicao/horas", { intent: "month" });
    expect(approve.headers.get("location")).toBe("/");
    const visitor = new HttpClient(server.url);
    const anonymous = await visitor.get("/app/jornada");
    expect(anonymous.headers.get("location")).toMatch(/^\/auth\/login\?redirectTo=/);
  });

  it("confirms 4 h for the two participants in one submit", async () => {
    await lookAt("ong", hoursPath(ids().past), "evento-antes", (page) =>
      page.getByRole("button", { name: "Confirmar horas de todos" }).waitFor(),
    );
    // From the participants page, once the event started.
    const { page, problems } = await signedInPageAt(
      browser,
      server,
      server.accounts.ong,
      390,
      `/app/eventos/${ids().past}/participantes`,
    );
    await page.getByRole("link", { name: "Confirmar horas" }).click();
    await page.waitForURL(`${server.url}${hoursPath(ids().past)}`);
    // Ana and Bia, not Davi (he cancelled); present and 4 h (09:00 to 13:00) prefilled.
    for (const name of ["Ana Lima", "Bia Souza"]) {
      expect(await page.getByLabel(`Horas de ${name}`).inputValue()).toBe("4");
    }
    expect(await page.getByText("Davi Reis").count()).toBe(0);
    expect(await page.getByRole("checkbox", { checked: true }).count()).toBe(2);
    await page.getByRole("button", { name: "Confirmar horas de todos" }).click();
    await page.getByText("Horas confirmadas para 2 pessoas.").waitFor();
    expect(problems()).toEqual([]);
    await page.context().close();
    await lookAt("ong", hoursPath(ids().past), "evento-confirmado", (p) =>
      p.getByText("Confirmadas").first().waitFor(),
    );
  }, 120_000);

  it("each of the two is e-mailed, and their home and Minha jornada show 4 h", async () => {
    for (const who of ["ana", "bia"] as const) {
      const [mail] = await waitForMail(
        server.mailDir,
        server.accounts[who].email,
        "Horas confirmadas: 4 h com Instituto Maré Alta",
      );
      expect(mail.text).toContain(`"${PAST}"`);
      const home = await signedInPageAt(
        browser,
        server,
        server.accounts[who],
        390,
        "/app/voluntario",
      );
      await home.page.getByText("4 h de voluntariado confirmadas").waitFor();
      await home.page.getByRole("link", { name: /Minha jornada/ }).click();
      await home.page.waitForURL(`${server.url}/app/jornada`);
      await home.page.getByText("Horas confirmadas", { exact: true }).waitFor();
      expect(await home.page.locator("p.text-3xl").textContent()).toBe("4 h");
      await home.page.getByText(PAST).waitFor();
      await home.page.context().close();
    }
    await lookAt("bia", "/app/jornada", "jornada-4h", (page) => page.getByText(PAST).waitFor());
  });

  it("a whole-day event takes the hours typed once; without JavaScript; an error keeps what was typed", async () => {
    const { page } = await phonePage(browser, await signedInClient(server, server.accounts.ong), {
      js: false,
    });
    await page.goto(`${server.url}${hoursPath(ids().allDay)}`);
    expect(await page.getByLabel("Horas de Ana Lima").inputValue()).toBe("");
    await page.getByLabel("Horas de cada pessoa").fill("abc");
    await page.getByRole("button", { name: "Confirmar horas de todos" }).click();
    await page.getByText("Informe as horas como 4, 2,5 ou 2h30.").waitFor();
    expect(await page.getByLabel("Horas de cada pessoa").inputValue()).toBe("abc");
    await shot(page, "b/evento-erro-sem-js-390");
    await page.getByLabel("Horas de cada pessoa").fill("2h30");
    await page.getByRole("button", { name: "Confirmar horas de todos" }).click();
    await page.getByText("Horas confirmadas para 1 pessoa.").waitFor();
    expect(await page.getByLabel("Horas de Ana Lima").inputValue()).toBe("2,5");
    await page.context().close();
    // The same kind of error with JavaScript: caught in the browser by the action's schema, at both widths.
    for (const width of WIDTHS) {
      const opened = await signedInPageAt(
        browser,
        server,
        server.accounts.ong,
        width,
        hoursPath(ids().allDay),
      );
      await formSchemaLoaded(opened.page);
      await opened.page.getByLabel("Horas de Ana Lima").fill("30");
      await opened.page.getByRole("button", { name: "Confirmar horas de todos" }).click();
      await opened.page.getByText("Um evento conta no máximo 24 horas por pessoa.").waitFor();
      await expectFinishedPage(
        opened.page,
        opened.problems,
        `evento erro ${width}`,
        `b/evento-erro-${width}`,
      );
      await opened.page.context().close();
    }
    // Ana: 4 h + 2 h 30 min, one institution, this year.
    await lookAt("ana", "/app/jornada", "jornada-duas", (p) => p.getByText(ALL_DAY).waitFor());
    const ana = await signedInPageAt(browser, server, server.accounts.ana, 1280, "/app/jornada");
    expect(await ana.page.locator("p.text-3xl").textContent()).toBe("6 h 30 min");
    await ana.page.context().close();
  }, 120_000);
});

describe("ongoing activity hours", () => {
  it("shows empty states: no hours yet, nothing waiting, no accepted application", async () => {
    await lookAt("davi", "/app/jornada", "jornada-vazia", (page) =>
      page.getByText("Você ainda não tem horas confirmadas.").waitFor(),
    );
    await lookAt("outra", "/app/instituicao/horas", "instituicao-vazia", (page) =>
      page.getByText("Nenhuma hora aguardando aprovação.").waitFor(),
    );
  });

  it("a volunteer logs a month; it counts only once the institution approves it", async () => {
    const { page, problems } = await signedInPageAt(
      browser,
      server,
      server.accounts.caio,
      390,
      "/app/jornada",
    );
    await formSchemaLoaded(page);
    await page.getByLabel("Horas no mês").fill("muitas");
    await page.getByLabel("O que você fez").fill("Aulas de reforço aos sábados");
    await page.getByRole("button", { name: "Registrar horas" }).click();
    await page.getByText("Informe as horas como 4, 2,5 ou 2h30.").waitFor();
    await expectFinishedPage(page, problems, "registro erro", "b/jornada-registro-erro-390");
    await page.getByLabel("Horas no mês").fill("12,5");
    await page.getByRole("button", { name: "Registrar horas" }).click();
    await page.getByText(/Horas registradas\. Elas passam a contar/).waitFor();
    await page.getByText("Aguardando confirmação").waitFor();
    expect(await page.locator("p.text-3xl").textContent()).toBe("0 h");
    await page.context().close();
    await lookAt("caio", "/app/jornada", "jornada-pendente", (p) =>
      p.getByText("Aguardando confirmação").waitFor(),
    );

    // The institution sees it; another one does not.
    const outra = await signedInClient(server, server.accounts.outra);
    expect(await (await outra.get("/app/instituicao/horas")).text()).not.toContain("Caio Prado");
    await lookAt("ong", "/app/instituicao/horas", "instituicao-pendente", (p) =>
      p.getByText("Aulas de reforço aos sábados").waitFor(),
    );
    const ong = await signedInPageAt(
      browser,
      server,
      server.accounts.ong,
      1280,
      "/app/instituicao",
    );
    await ong.page.getByRole("link", { name: /Horas dos voluntários/ }).click();
    await ong.page.waitForURL(`${server.url}/app/instituicao/horas`);
    await ong.page.getByRole("button", { name: "Aprovar horas de Caio Prado" }).click();
    await ong.page.getByText("Horas de Caio Prado aprovadas. Avisamos por e-mail.").waitFor();
    await ong.page.getByText("Nenhuma hora aguardando aprovação.").waitFor();
    await ong.page.context().close();
    await waitForMail(
      server.mailDir,
      server.accounts.caio.email,
      "Horas confirmadas: 12 h 30 min com Instituto Maré Alta",
    );
    const caio = await signedInPageAt(browser, server, server.accounts.caio, 390, "/app/jornada");
    expect(await caio.page.locator("p.text-3xl").textContent()).toBe("12 h 30 min");
    await caio.page.context().close();
  }, 120_000);

  it("a decline needs a reason the volunteer then reads; a month confirmed directly counts", async () => {
    const caio = await signedInClient(server, server.accounts.caio);
    const requestId = server.ids.ongoing ?? "";
    const lastMonth = brazilDay(-35).slice(0, 7);
    const logged = await caio.post("/app/jornada", {
      requestId,
      month: lastMonth,
      hours: "3",
      description: "Mês que não houve aulas",
    });
    expect(logged.status).toBe(302);
    const { page, problems } = await signedInPageAt(
      browser,
      server,
      server.accounts.ong,
      390,
      "/app/instituicao/horas",
    );
    await formSchemaLoaded(page);
    await page.locator("summary", { hasText: "Recusar" }).click();
    await page.getByRole("button", { name: "Recusar horas", exact: true }).click();
    await page.getByText("Informe o motivo da recusa.").waitFor();
    await expectFinishedPage(page, problems, "recusa erro", "b/instituicao-recusa-erro-390");
    await page.getByLabel("Motivo da recusa").fill("Não houve aulas neste mês.");
    await page.getByRole("button", { name: "Recusar horas", exact: true }).click();
    await page.getByText("Horas de Caio Prado recusadas. Avisamos por e-mail.").waitFor();

    // A month confirmed directly by the institution.
    await page.getByLabel("Voluntário", { exact: true }).selectOption({ label: "Caio Prado" });
    await page.getByLabel("Mês", { exact: true }).selectOption(brazilDay(-70).slice(0, 7));
    await page.getByLabel("Horas no mês").fill("2h30");
    await page.getByLabel("Atividade realizada").fill("Organização da biblioteca");
    await page.getByRole("button", { name: "Confirmar horas" }).click();
    await page.getByText("Horas de Caio Prado confirmadas.").waitFor();
    await page.context().close();

    await lookAt("caio", "/app/jornada", "jornada-recusada", (p) =>
      p.getByText("Motivo: Não houve aulas neste mês.").waitFor(),
    );
    const journey = await signedInPageAt(
      browser,
      server,
      server.accounts.caio,
      390,
      "/app/jornada",
    );
    expect(await journey.page.locator("p.text-3xl").textContent()).toBe("15 h");
    await journey.page.context().close();
    await waitForMail(
      server.mailDir,
      server.accounts.caio.email,
      "Horas não confirmadas: Instituto Maré Alta",
    );
    // Decided: Caio cannot change that month any more.
    const again = await caio.post("/app/jornada", {
      requestId,
      month: lastMonth,
      hours: "30",
      description: "Tentando mudar",
    });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("já analisou as horas deste mês");
  });

  it("declines many pending months at once with one reason, without JavaScript, by keyboard", async () => {
    const caio = await signedInClient(server, server.accounts.caio);
    const requestId = server.ids.ongoing ?? "";
    for (const days of [-150, -120]) {
      const logged = await caio.post("/app/jornada", {
        requestId,
        month: brazilDay(days).slice(0, 7),
        hours: "150",
        description: "Meses que não aconteceram",
      });
      expect(logged.status).toBe(302);
    }
    const { page } = await phonePage(browser, await signedInClient(server, server.accounts.ong), {
      js: false,
    });
    await page.goto(`${server.url}/app/instituicao/horas`);
    const boxes = page.getByRole("checkbox", { name: /Caio Prado/ });
    expect(await boxes.count()).toBeGreaterThanOrEqual(2);
    // Nothing chosen: the form says so and keeps the reason.
    await page.getByLabel("Motivo para recusar várias").fill("Não houve atividade nestes meses.");
    await page.getByRole("button", { name: "Recusar selecionadas" }).click();
    await page.getByText("Selecione as horas que quer recusar.").waitFor();
    expect(await page.getByLabel("Motivo para recusar várias").inputValue()).toBe(
      "Não houve atividade nestes meses.",
    );
    await shot(page, "b/instituicao-recusar-varias-erro-sem-js-390");
    // With JavaScript, at both widths: finished (nothing wider than its box) and no axe violation.
    await lookAt("ong", "/app/instituicao/horas", "instituicao-recusar-varias", (sized) =>
      sized.getByText("Recusar várias de uma vez").waitFor(),
    );
    // By keyboard: Space ticks each box.
    for (let index = 0; index < (await boxes.count()); index++) {
      await boxes.nth(index).focus();
      await page.keyboard.press("Space");
    }
    await page.getByRole("button", { name: "Recusar selecionadas" }).click();
    await page.getByText(/registros? recusados?\. Avisamos por e-mail\./).waitFor();
    expect(await page.getByRole("checkbox", { name: /Caio Prado/ }).count()).toBe(0);
    await page.context().close();
  }, 120_000);
});
