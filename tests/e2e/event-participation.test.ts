import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { HttpClient } from "../helpers/accounts";
import { launchBrowser } from "../helpers/browser";
import { type FixtureServer, startFixtureServer } from "../helpers/fixture-server";
import { makeJpeg } from "../helpers/images";
import { expectFinishedPage } from "../helpers/layout";
import { waitForMail } from "../helpers/mail";
import {
  choosePictureFile,
  logServerOnFailure,
  phonePage,
  signedInClient,
} from "../helpers/members";
import { shot } from "../helpers/screenshots";
import { parseIcs } from "./public-support";

/**
 * "Quero participar" on an event's page (issue 15, item 2), at 390 px with JavaScript and
 * without: an anonymous visitor is sent to sign in and back to the event; two volunteers take the
 * two places, the third joins the waitlist and is promoted (and e-mailed) when one leaves; a
 * confirmed participant of an online event sees its link, nobody else does.
 */
type Key = "institution" | "ana" | "bia" | "caio" | "ong" | "admin";
let server: FixtureServer<Key>;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startFixtureServer({
      accounts: {
        institution: { kind: "institution", status: "APPROVED", name: "Instituto Maré Alta" },
        ana: { kind: "volunteer", name: "Ana Lima" },
        bia: { kind: "volunteer", name: "Bia Souza" },
        caio: { kind: "volunteer", name: "Caio Prado" },
        ong: { kind: "institution", status: "APPROVED", name: "Outra ONG" },
        admin: { kind: "admin" },
      },
      events: [
        {
          key: "mutirao",
          institution: "institution",
          name: "Mutirão na praia",
          status: "APPROVED",
          places: 2,
          format: "HIBRIDO",
          onlineLink: "https://reuniao.example/mutirao",
        },
      ],
    }),
    launchBrowser(),
  ]);
});

afterEach(({ task }) => logServerOnFailure(task, server));

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const eventPath = () => `/eventos/${server.ids.mutirao}`;

async function openAs(who: Key | null, options: { js?: boolean } = {}) {
  const client = who ? await signedInClient(server, server.accounts[who]) : undefined;
  const { page, problems } = await phonePage(browser, client, options);
  await page.goto(`${server.url}${eventPath()}`);
  return { page, problems };
}

const vagas = (page: Page) =>
  page
    .getByText(/vagas preenchidas/)
    .first()
    .textContent();

const expectFinished = (page: Page, problems: () => string[], name: string) =>
  expectFinishedPage(page, problems, name, `participar/${name}`);

describe("taking part in an event", () => {
  it("sends an anonymous visitor to sign in, with the event named, and back to the event", async () => {
    const { page, problems } = await openAs(null);
    await page.getByRole("link", { name: "Quero participar" }).click();
    await page.waitForURL(/\/auth\/login\?redirectTo=/);
    await page
      .getByText('Entre ou crie sua conta para participar de "Mutirão na praia".')
      .waitFor();
    await page.getByLabel("E-mail").fill(server.accounts.ana.email);
    await page.getByLabel("Senha", { exact: true }).fill(server.accounts.ana.password);
    await page.getByRole("button", { name: "Entrar" }).click();
    await page.waitForURL(`${server.url}${eventPath()}`);
    await expectFinished(page, problems, "visitante-volta");
    await page.context().close();
  });

  it("confirms two people, waitlists the third and promotes them when someone leaves", async () => {
    const ana = await openAs("ana");
    await ana.page.getByRole("button", { name: "Quero participar" }).click();
    await ana.page.getByText("Presença confirmada! Você está inscrito neste evento.").waitFor();
    await ana.page.getByText("Presença confirmada. Você está inscrito neste evento.").waitFor();
    // The confirmed participant of a hybrid event sees its link.
    expect(
      await ana.page.getByRole("link", { name: "https://reuniao.example/mutirao" }).isVisible(),
    ).toBe(true);
    expect(await vagas(ana.page)).toBe("1 de 2 vagas preenchidas");
    await expectFinished(ana.page, ana.problems, "confirmada");

    // Without JavaScript the form posts all the same.
    const bia = await openAs("bia", { js: false });
    await bia.page.getByRole("button", { name: "Quero participar" }).click();
    await bia.page.getByText("Presença confirmada. Você está inscrito neste evento.").waitFor();

    const caio = await openAs("caio");
    expect(await caio.page.getByText("https://reuniao.example/mutirao").count()).toBe(0);
    await caio.page.getByRole("button", { name: "Entrar na lista de espera" }).click();
    await caio.page.getByText(/Você está na lista de espera \(posição 1\)/).waitFor();
    expect(await vagas(caio.page)).toBe("2 de 2 vagas preenchidas · 1 na lista de espera");
    await expectFinished(caio.page, caio.problems, "lista-de-espera");

    await ana.page.reload();
    await ana.page.getByRole("button", { name: "Cancelar participação" }).click();
    await ana.page.getByText("Sua participação foi cancelada.").waitFor();
    // Caio took the place Ana left: the event is full again.
    await ana.page.getByRole("button", { name: "Entrar na lista de espera" }).waitFor();
    expect(await vagas(ana.page)).toBe("2 de 2 vagas preenchidas");
    expect(await ana.page.getByText("https://reuniao.example/mutirao").count()).toBe(0);

    const [mail] = await waitForMail(
      server.mailDir,
      server.accounts.caio.email,
      "Vaga confirmada: Mutirão na praia",
    );
    expect(mail.text).toContain(`${server.url}${eventPath()}`);
    await caio.page.reload();
    await caio.page.getByText("Presença confirmada. Você está inscrito neste evento.").waitFor();
    for (const page of [ana.page, bia.page, caio.page]) await page.context().close();
  });

  it("tells an institution that only volunteers take part", async () => {
    const { page, problems } = await openAs("ong");
    await page.getByText("Somente voluntários podem participar de eventos.").waitFor();
    expect(await page.getByRole("button", { name: "Quero participar" }).count()).toBe(0);
    await expectFinished(page, problems, "instituicao");
    await page.context().close();
  });

  it("answers a post to an event address holding any character with a redirect, never a 500", async () => {
    // Found by the request fuzzing: a decoded id outside Latin-1 put in the redirect's Location.
    const client = await signedInClient(server, server.accounts.ana);
    const id = eventPath().slice("/eventos/".length);
    const odd = encodeURIComponent(`${id.slice(0, 6)}य${id.slice(7)}`);
    const other = await client.post(`/eventos/${odd}`, { intent: "outra" });
    expect(other.status).toBe(302);
    expect(other.headers.get("location")).toBe(`/eventos/${odd}`);
    const join = await client.post(`/eventos/${odd}`, { intent: "participar" });
    expect(join.status).toBe(404);
  });

  it("lets an institution schedule an event with times, 2 places and its online link", async () => {
    const { page, problems } = await openAs("institution");
    await page.goto(`${server.url}/app/novo-evento`);
    await page.getByRole("button", { name: "Enviar foto" }).waitFor();
    const inAYear = new Date(Date.now() + 365 * 86_400_000);
    const date = inAYear.toLocaleDateString("pt-BR", { timeZone: "America/Sao_Paulo" });
    await page.getByLabel("Nome do evento", { exact: true }).fill("Oficina de leitura");
    await page.getByLabel("Data do evento", { exact: true }).fill(date);
    await page.getByLabel("Início", { exact: true }).fill("12:00");
    await page.getByLabel("Término", { exact: true }).fill("09:00");
    await page.getByLabel("Vagas para voluntários (opcional)").fill("2");
    await choosePictureFile(page, "Foto de capa do evento", {
      name: "capa.jpg",
      mimeType: "image/jpeg",
      buffer: await makeJpeg({ width: 900, height: 340 }),
    } as { name: string });
    await page.getByLabel("Resumo", { exact: true }).fill("Leitura em voz alta para crianças.");
    await page
      .getByLabel("Sobre o evento", { exact: true })
      .fill("Voluntários leem histórias para as crianças da biblioteca comunitária.");
    await page.getByRole("radio", { name: "Híbrido" }).check();
    await page.getByLabel("Estado", { exact: true }).selectOption("PE");
    await page.getByRole("combobox", { name: "Cidade" }).selectOption({ label: "Recife" });
    await page.getByLabel("Logradouro", { exact: true }).fill("Rua da Aurora");
    await page.getByLabel("Número", { exact: true }).fill("100");
    await page.getByLabel("Bairro", { exact: true }).fill("Boa Vista");
    await page.getByRole("button", { name: "Criar evento" }).click();
    await page.getByText("O horário de término deve ser depois do horário de início.").waitFor();
    await page.getByLabel("Término", { exact: true }).fill("11:30");
    await page.getByLabel("Início", { exact: true }).fill("09:30");
    await page.getByRole("button", { name: "Criar evento" }).click();
    await page
      .getByText(/^Informe o link da atividade online/)
      .first()
      .waitFor();
    await shot(page, "participar/formulario-erro-link");
    await page.getByLabel("Link da atividade online").fill("https://reuniao.example/oficina");
    await page.getByRole("button", { name: "Criar evento" }).click();
    await page.waitForURL(`${server.url}/app/instituicao`);
    const edit = page.getByRole("link", { name: "Editar o evento Oficina de leitura" });
    const id =
      /\/app\/eventos\/([0-9a-f-]{36})\/editar$/.exec(
        (await edit.getAttribute("href")) ?? "",
      )?.[1] ?? "";

    const admin = new HttpClient(server.url);
    expect((await admin.signIn(server.accounts.admin, "/admin/login")).status).toBe(302);
    const approved = await admin.post("/admin/dashboard", { intent: "aprovar-evento", id });
    expect(approved.status).toBe(302);
    const visitor = await phonePage(browser);
    await visitor.page.goto(`${server.url}/eventos/${id}`);
    await visitor.page.getByText("09:30 às 11:30 (horário de Brasília)").waitFor();
    expect(await visitor.page.getByText("0 de 2 vagas preenchidas").isVisible()).toBe(true);
    expect(await visitor.page.getByText("https://reuniao.example/oficina").count()).toBe(0);
    const ics = await (await fetch(`${server.url}/eventos/${id}/calendario.ics`)).text();
    // Strictly (CRLF, folding, balanced blocks), in Brasília's zone, UTC-3, with its sequence.
    const calendarEvent = parseIcs(ics);
    expect(calendarEvent.get("DTSTART;TZID=America/Sao_Paulo")).toMatch(/^\d{8}T093000$/);
    expect(calendarEvent.get("DTEND;TZID=America/Sao_Paulo")).toMatch(/^\d{8}T113000$/);
    expect(calendarEvent.get("UID")).toContain(id);
    expect(calendarEvent.get("SEQUENCE")).toMatch(/^\d+$/);
    expect(ics).toMatch(/BEGIN:VTIMEZONE\r\nTZID:America\/Sao_Paulo\r\n[\s\S]*TZOFFSETTO:-0300/);
    await expectFinished(visitor.page, visitor.problems, "evento-com-horario");
    expect(problems()).toEqual([]);
    for (const context of [page.context(), visitor.page.context()]) await context.close();
  });
});
