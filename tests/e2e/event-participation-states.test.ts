import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "../helpers/browser";
import { type FixtureServer, startFixtureServer } from "../helpers/fixture-server";
import { expectFinishedPage } from "../helpers/layout";
import { logServerOnFailure, signedInClient } from "../helpers/members";
import { brazilDay, seedParticipations, setEventTimes } from "../helpers/participation-seeds";
import { gotoHydrated, sizedPage, WIDTHS } from "../helpers/sized-page";

/**
 * Every state of the event page's participation area (issue 15), at 390 and 1280 px, with axe
 * and a screenshot each (participar/estados/<state>-<width>): a visitor, a volunteer who can
 * join, one who holds a place (with the online link of an online event, and after the start
 * without the way out), one waiting with their position, a full event, an event that started (and one of days ago),
 * a person the institution removed, an institution, and leaving (the cancellation's message).
 */
type Key = "ong" | "livia" | "marta" | "nina" | "otto";
let server: FixtureServer<Key>;
let browser: Browser;

const ONLINE_LINK = "https://reuniao.example/encontro";

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startFixtureServer({
      accounts: {
        ong: { kind: "institution", status: "APPROVED", name: "Instituto Maré Alta" },
        livia: { kind: "volunteer", name: "Lívia Nunes" },
        marta: { kind: "volunteer", name: "Marta Dias" },
        nina: { kind: "volunteer", name: "Nina Alves" },
        otto: { kind: "volunteer", name: "Otto Lima" },
      },
      events: [
        { key: "aberto", institution: "ong", name: "Oficina aberta", status: "APPROVED" },
        { key: "cheio", institution: "ong", name: "Plantão cheio", status: "APPROVED", places: 1 },
        {
          key: "online",
          institution: "ong",
          name: "Encontro online",
          status: "APPROVED",
          format: "ONLINE",
          onlineLink: ONLINE_LINK,
        },
        {
          key: "comecou",
          institution: "ong",
          name: "Mutirão de hoje",
          status: "APPROVED",
          eventDate: brazilDay(0),
        },
        { key: "retirada", institution: "ong", name: "Evento com retirada", status: "APPROVED" },
        {
          key: "passado",
          institution: "ong",
          name: "Campanha passada",
          status: "APPROVED",
          eventDate: brazilDay(-3),
        },
      ],
      beforeStart: async (db, accounts) => {
        // Started since midnight in Brasília, whatever the hour the test runs.
        await setEventTimes(db, "Mutirão de hoje", "00:00", "23:59");
        await seedParticipations(db, accounts, [
          ["Plantão cheio", "livia", "CONFIRMED"],
          ["Plantão cheio", "otto", "WAITLISTED"],
          ["Plantão cheio", "nina", "WAITLISTED"],
          ["Encontro online", "livia", "CONFIRMED"],
          ["Mutirão de hoje", "livia", "CONFIRMED"],
          ["Evento com retirada", "livia", "REMOVED"],
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

async function openAs(who: Key | null, event: string, width: number) {
  const client = who ? await signedInClient(server, server.accounts[who]) : undefined;
  const opened = await sizedPage(browser, width, client);
  await gotoHydrated(opened.page, `${server.url}/eventos/${server.ids[event]}`);
  return opened;
}

interface State {
  name: string;
  who: Key | null;
  event: string;
  /** What the area shows in this state (waited for). */
  shows: (page: Page) => Locator;
  /** What it must not show. */
  hides?: (page: Page) => Locator;
}

const button = (name: string) => (page: Page) => page.getByRole("button", { name });
const text = (value: string | RegExp) => (page: Page) => page.getByText(value);

const STATES: State[] = [
  {
    name: "visitante",
    who: null,
    event: "aberto",
    shows: (page) => page.getByRole("link", { name: "Quero participar" }),
  },
  { name: "pode-participar", who: "marta", event: "aberto", shows: button("Quero participar") },
  {
    name: "confirmada",
    who: "livia",
    event: "cheio",
    shows: button("Cancelar participação"),
    hides: text(ONLINE_LINK),
  },
  {
    name: "confirmada-online",
    who: "livia",
    event: "online",
    shows: (page) => page.getByRole("link", { name: ONLINE_LINK }),
  },
  {
    name: "confirmada-depois-do-inicio",
    who: "livia",
    event: "comecou",
    shows: text("Presença confirmada. Você está inscrito neste evento."),
    hides: button("Cancelar participação"),
  },
  {
    name: "lista-de-espera",
    who: "nina",
    event: "cheio",
    shows: text(/Você está na lista de espera \(posição 2\)/),
  },
  {
    name: "lotado",
    who: "marta",
    event: "cheio",
    shows: button("Entrar na lista de espera"),
    hides: text(ONLINE_LINK),
  },
  {
    name: "encerrado",
    who: "marta",
    event: "comecou",
    shows: text("As inscrições estão encerradas: o evento já começou."),
    hides: button("Quero participar"),
  },
  {
    name: "encerrado-visitante",
    who: null,
    event: "comecou",
    shows: text("As inscrições estão encerradas: o evento já começou."),
  },
  {
    name: "ja-aconteceu",
    who: "marta",
    event: "passado",
    shows: text("As inscrições estão encerradas: o evento já começou."),
    hides: text("Adicionar ao calendário"),
  },
  {
    name: "retirada",
    who: "livia",
    event: "retirada",
    shows: text("A instituição retirou sua inscrição deste evento."),
    hides: button("Quero participar"),
  },
  {
    name: "instituicao",
    who: "ong",
    event: "aberto",
    shows: text("Somente voluntários podem participar de eventos."),
  },
];

describe("the participation area's states", () => {
  const cases = STATES.flatMap((state) => WIDTHS.map((width) => ({ ...state, width })));
  it.each(cases)("$name at $width px", async ({ name, who, event, shows, hides, width }) => {
    const { page, problems } = await openAs(who, event, width);
    await shows(page).first().waitFor();
    if (hides) expect(await hides(page).count()).toBe(0);
    await expectFinishedPage(
      page,
      problems,
      `${name} ${width}`,
      `participar/estados/${name}-${width}`,
    );
    await page.context().close();
  });

  it.each(WIDTHS)(
    "says a cancellation was made and offers the place again (%i px)",
    async (width) => {
      const { page, problems } = await openAs("otto", "aberto", width);
      await page.getByRole("button", { name: "Quero participar" }).click();
      await page.getByRole("button", { name: "Cancelar participação" }).click();
      await page.getByText("Sua participação foi cancelada.").waitFor();
      await page.getByRole("button", { name: "Quero participar" }).waitFor();
      await expectFinishedPage(
        page,
        problems,
        `cancelada ${width}`,
        `participar/estados/cancelada-${width}`,
      );
      await page.context().close();
    },
  );
});
