import { sql } from "drizzle-orm";
import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "../helpers/browser";
import { type FixtureServer, startFixtureServer } from "../helpers/fixture-server";
import { expectFinishedPage } from "../helpers/layout";
import { logServerOnFailure } from "../helpers/members";
import { brazilDay, seedParticipations, setEventTimes } from "../helpers/participation-seeds";
import { shot } from "../helpers/screenshots";
import { gotoHydrated, signedInPageAt, sizedPage, WIDTHS } from "../helpers/sized-page";

/**
 * The volunteer home's participations and the landing page's platform counts (issue 15, item 8):
 * upcoming events soonest first (a waitlist with its position), past ones latest first, the
 * empty state leading to the events, and the landing's four numbers as the database has them.
 * Every page at 390 and 1280 px, with axe.
 */
type Key = "ong" | "pendente" | "ana" | "bia" | "caio" | "davi" | "eva";
let server: FixtureServer<Key>;
let browser: Browser;

const day = brazilDay;
const EVA_PAST = Array.from({ length: 11 }, (_, index) => `Ação passada ${index + 1}`);

const brazilian = (iso: string) => iso.split("-").reverse().join("/");

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startFixtureServer({
      accounts: {
        ong: { kind: "institution", status: "APPROVED", name: "Instituto Maré Alta" },
        pendente: { kind: "institution", status: "PENDING", name: "ONG em análise" },
        ana: { kind: "volunteer", name: "Ana Lima" },
        bia: { kind: "volunteer", name: "Bia Souza" },
        caio: { kind: "volunteer", name: "Caio Prado" },
        davi: { kind: "volunteer", name: "Davi Reis" },
        eva: { kind: "volunteer", name: "Eva Rocha" },
      },
      events: [
        // Eva's 11 past events, one more than the home lists at first.
        ...EVA_PAST.map((name, index) => ({
          key: name,
          institution: "ong",
          name,
          status: "APPROVED" as const,
          eventDate: day(-(index + 1)),
        })),
        {
          key: "mutirao",
          institution: "ong",
          name: "Mutirão no parque",
          status: "APPROVED",
          eventDate: day(20),
          format: "HIBRIDO",
          onlineLink: "https://reuniao.example/mutirao",
        },
        {
          key: "plantao",
          institution: "ong",
          name: "Plantão de leitura",
          status: "APPROVED",
          eventDate: day(5),
          places: 1,
        },
        {
          key: "agasalho",
          institution: "ong",
          name: "Campanha do agasalho",
          status: "APPROVED",
          eventDate: day(-10),
        },
        {
          key: "feira",
          institution: "ong",
          name: "Feira solidária",
          status: "APPROVED",
          eventDate: day(-40),
        },
        {
          key: "deixei",
          institution: "ong",
          name: "Evento que deixei",
          status: "APPROVED",
          eventDate: day(3),
        },
        {
          key: "reprovado",
          institution: "ong",
          name: "Evento reprovado",
          status: "REJECTED",
          eventDate: day(-3),
        },
      ],
      applications: [{ key: "candidatura", volunteer: "ana", institution: "ong" }],
      beforeStart: async (db, accounts) => {
        await setEventTimes(db, "Mutirão no parque", "09:00", "12:00");
        await seedParticipations(db, accounts, [
          ["Plantão de leitura", "caio", "CONFIRMED"],
          ["Plantão de leitura", "davi", "WAITLISTED"],
          ["Plantão de leitura", "ana", "WAITLISTED"],
          ["Mutirão no parque", "ana", "CONFIRMED"],
          ["Campanha do agasalho", "ana", "CONFIRMED"],
          ["Feira solidária", "ana", "CONFIRMED"],
          ["Evento que deixei", "ana", "CANCELLED"],
          ["Evento reprovado", "davi", "CONFIRMED"],
          ...EVA_PAST.map((name): [string, Key, string] => [name, "eva", "CONFIRMED"]),
        ]);
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

const homeOf = (who: Key, width: number) =>
  signedInPageAt(browser, server, server.accounts[who], width, "/app/voluntario");

const participationsOf = (page: Page) => page.getByRole("region", { name: "Minhas participações" });

describe("the volunteer home's participations", () => {
  it.each(WIDTHS)(
    "lists upcoming events soonest first and past ones latest first (%i px)",
    async (width) => {
      const { page, problems } = await homeOf("ana", width);
      const region = participationsOf(page);
      await region.getByRole("heading", { name: "Próximos eventos (2)" }).waitFor();
      const items = region.getByRole("listitem");
      expect(await items.allTextContents()).toEqual([
        expect.stringContaining("Plantão de leitura"),
        expect.stringContaining("Mutirão no parque"),
        expect.stringContaining("Campanha do agasalho"),
        expect.stringContaining("Feira solidária"),
      ]);
      const [plantao, mutirao, agasalho] = [items.nth(0), items.nth(1), items.nth(2)];
      expect(await plantao.textContent()).toContain("Instituto Maré Alta");
      expect(await plantao.textContent()).toContain(
        `${brazilian(day(5))} · Dia inteiro · Presencial`,
      );
      expect(await plantao.getByText("Lista de espera: posição 2").isVisible()).toBe(true);
      expect(await mutirao.textContent()).toContain(
        `${brazilian(day(20))} · 09:00 às 12:00 (horário de Brasília) · Híbrido`,
      );
      expect(await mutirao.getByText("Presença confirmada").isVisible()).toBe(true);
      expect(await agasalho.getByText("Presença confirmada").isVisible()).toBe(true);
      await region.getByRole("heading", { name: "Eventos passados" }).waitFor();
      expect(await region.getByText("Evento que deixei").count()).toBe(0);
      expect(await region.getByText("Evento reprovado").count()).toBe(0);
      // The applications are still there, beside the participations.
      await page
        .getByRole("region", { name: /Minhas candidaturas/ })
        .getByText("Instituto Maré Alta")
        .waitFor();
      await expectFinishedPage(
        page,
        problems,
        `home ${width}`,
        `voluntario/participacoes-${width}`,
      );

      await region.getByRole("link", { name: "Plantão de leitura" }).click();
      await page.waitForURL(`${server.url}/eventos/${server.ids.plantao}`);
      await page.getByText(/Você está na lista de espera \(posição 2\)/).waitFor();
      await page.context().close();
    },
  );

  it.each(WIDTHS)("leads a person without participations to the events (%i px)", async (width) => {
    const { page, problems } = await homeOf("bia", width);
    const region = participationsOf(page);
    await region.getByText("Você ainda não participa de nenhum evento.").waitFor();
    await expectFinishedPage(
      page,
      problems,
      `empty home ${width}`,
      `voluntario/sem-participacoes-${width}`,
    );
    await region.getByRole("link", { name: "Ver eventos" }).click();
    await page.waitForURL(`${server.url}/eventos`);
    await page.context().close();
  });

  it("lists the 10 latest past events and all of them on request", async () => {
    const { page, problems } = await homeOf("eva", 390);
    const past = () => participationsOf(page).getByRole("listitem");
    await participationsOf(page).getByText("Mostrando as 10 mais recentes.").waitFor();
    expect(await past().count()).toBe(10);
    expect(await past().first().textContent()).toContain("Ação passada 1");
    await expectFinishedPage(page, problems, "past limit", "voluntario/passadas-limite-390");
    await participationsOf(page)
      .getByRole("link", { name: "Ver todas as participações passadas" })
      .click();
    await page.waitForURL(/\/app\/voluntario\?passadas=todas/);
    await past().nth(10).waitFor();
    expect(await past().count()).toBe(11);
    expect(await page.getByText("Ver todas as participações passadas").count()).toBe(0);
    await page.context().close();
  });
});

describe("the landing page's platform counts", () => {
  const shownCounts = async (page: Page) =>
    (
      await page
        .getByRole("region", { name: "A plataforma em números" })
        .getByRole("listitem")
        .allTextContents()
    ).map((text) => text.replace(/\s+/g, " ").trim());

  it.each(WIDTHS)("shows what the database holds (%i px)", async (width) => {
    const { page, problems } = await sizedPage(browser, width);
    await gotoHydrated(page, `${server.url}/`);
    // 5 volunteer accounts; 1 approved institution (one waits); 13 approved events past;
    // 15 places held in approved events (a waiting person, one who left and a rejected event's
    // participant do not count).
    expect(await shownCounts(page)).toEqual([
      "5 voluntários",
      "1 instituição",
      "13 eventos realizados",
      "15 vagas preenchidas",
    ]);
    await expectFinishedPage(page, problems, `landing ${width}`, `landing/numeros-${width}`);
    // The band itself, as a person scrolling to it sees it (the full page is 7 000 px tall).
    await page
      .getByRole("region", { name: "A plataforma em números" })
      .evaluate((band) => band.scrollIntoView({ block: "center" }));
    await shot(page, `landing/numeros-faixa-${width}`, { fullPage: false });
    await page.context().close();
  });

  it("counts the same numbers as the database, by its own SQL", async () => {
    const today = day(0);
    const counted = await server.stopAndInspect(async (db) => {
      const result = await db.execute<Record<string, number>>(sql`select
        (select count(*) from users where profile = 'VOLUNTEER')::int as volunteers,
        (select count(*) from institutions where status = 'APPROVED')::int as institutions,
        (select count(*) from events where status = 'APPROVED' and event_date < ${today})::int as past,
        (select count(*) from participations p join events e on e.id = p.event_id
          where p.status = 'CONFIRMED' and e.status = 'APPROVED')::int as places`);
      return result.rows[0];
    });
    expect(counted).toEqual({ volunteers: 5, institutions: 1, past: 13, places: 15 });
  });
});
