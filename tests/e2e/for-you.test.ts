import { eq, sql } from "drizzle-orm";
import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { events, institutions, volunteers } from "~/db/schema";
import { launchBrowser } from "../helpers/browser";
import { type FixtureServer, startFixtureServer } from "../helpers/fixture-server";
import { expectFinishedPage } from "../helpers/layout";
import { logServerOnFailure } from "../helpers/members";
import { brazilDay } from "../helpers/participation-seeds";
import { signedInPageAt, WIDTHS } from "../helpers/sized-page";

/**
 * "Para você" on the volunteer home (issue 15, item 7): a same-cause event in the person's city
 * above one that shares nothing (which is not shown at all), each with the sentence that says
 * why; a profile without interests gets the invitation to choose them, which leads to the
 * fieldset on "Editar perfil". Both at 390 and 1280 px, with axe.
 */
type Key = "escola" | "teatro" | "lia" | "rui";
let server: FixtureServer<Key>;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startFixtureServer({
      accounts: {
        escola: { kind: "institution", status: "APPROVED", name: "Escola Aberta do Recife" },
        teatro: { kind: "institution", status: "APPROVED", name: "Teatro Livre Paulista" },
        lia: { kind: "volunteer", name: "Lia Moura" },
        rui: { kind: "volunteer", name: "Rui Tavares" },
      },
      events: [
        {
          key: "reforco",
          institution: "escola",
          name: "Aula de reforço no sábado",
          status: "APPROVED",
          eventDate: brazilDay(12),
        },
        {
          key: "peca",
          institution: "teatro",
          name: "Montagem de uma peça",
          status: "APPROVED",
          eventDate: brazilDay(2),
        },
      ],
      beforeStart: async (db, accounts) => {
        const recife = { city: "Recife", state: "PE" };
        const saoPaulo = { city: "São Paulo", state: "SP" };
        await db
          .update(volunteers)
          .set({ ...recife, causes: ["educacao", "criancas-e-adolescentes"], skills: ["ensino"] })
          .where(eq(volunteers.userId, accounts.lia.id));
        await db
          .update(volunteers)
          .set({ ...recife, causes: [], skills: [] })
          .where(eq(volunteers.userId, accounts.rui.id));
        await db
          .update(institutions)
          .set({ ...recife, causes: ["educacao"], volunteeringType: "PRESENCIAL" })
          .where(eq(institutions.userId, accounts.escola.id));
        await db
          .update(institutions)
          .set({ ...saoPaulo, causes: ["cultura"], volunteeringType: "PRESENCIAL" })
          .where(eq(institutions.userId, accounts.teatro.id));
        await db
          .update(events)
          .set({ ...recife, causes: ["educacao"], format: "PRESENCIAL" })
          .where(eq(events.name, "Aula de reforço no sábado"));
        await db
          .update(events)
          .set({ ...saoPaulo, causes: ["cultura"], format: "PRESENCIAL" })
          .where(sql`${events.name} = 'Montagem de uma peça'`);
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

const forYouOf = (page: Page) => page.getByRole("region", { name: "Para você" });

describe("Para você", () => {
  it.each(WIDTHS)(
    "shows the same-cause event in the person's city, says why, and leaves out the unrelated one (%i px)",
    async (width) => {
      const { page, problems } = await homeOf("lia", width);
      const region = forYouOf(page);
      const event = region.getByRole("listitem").filter({ hasText: "Aula de reforço no sábado" });
      await event.waitFor();
      expect(await event.textContent()).toContain(
        "Porque você se interessa por educação e é em Recife, a sua cidade.",
      );
      expect(await region.getByText("Montagem de uma peça").count()).toBe(0);
      const institution = region
        .getByRole("listitem")
        .filter({ has: page.getByRole("link", { name: "Escola Aberta do Recife" }) });
      expect(await institution.textContent()).toContain(
        "Porque você se interessa por educação e fica em Recife, a sua cidade.",
      );
      expect(await region.getByText("Teatro Livre Paulista").count()).toBe(0);
      await expectFinishedPage(
        page,
        problems,
        `para você ${width}`,
        `voluntario/para-voce-${width}`,
      );
      await region.getByRole("link", { name: "Aula de reforço no sábado" }).click();
      await page.waitForURL(`${server.url}/eventos/${server.ids.reforco}`);
      await page.context().close();
    },
  );

  it.each(WIDTHS)("invites a person without interests to choose them (%i px)", async (width) => {
    const { page, problems } = await homeOf("rui", width);
    const region = forYouOf(page);
    await region.getByText("Conte o que move você").waitFor();
    expect(await region.getByRole("listitem").count()).toBe(0);
    await expectFinishedPage(
      page,
      problems,
      `para você vazio ${width}`,
      `voluntario/para-voce-vazio-${width}`,
    );
    await region.getByRole("link", { name: "Escolher meus interesses" }).click();
    await page.waitForURL(`${server.url}/app/atualizar-voluntario#interesses`);
    await page.getByRole("group", { name: /Causas/ }).waitFor();
    await page.context().close();
  });
});
