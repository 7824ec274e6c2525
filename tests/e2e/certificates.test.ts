import { eq, inArray } from "drizzle-orm";
import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { events, institutions, volunteerHours } from "~/db/schema";
import { FIXTURE_PASSWORD, HttpClient, redirectTarget } from "../helpers/accounts";
import { insertTermo } from "../helpers/agreement-world";
import { launchBrowser } from "../helpers/browser";
import { type FixtureServer, startFixtureServer } from "../helpers/fixture-server";
import { expectFinishedPage } from "../helpers/layout";
import { logServerOnFailure, phonePage, signedInClient } from "../helpers/members";
import { keepPage, pdfPages, pdfText, readQr } from "../helpers/pdf";
import { gotoHydrated, sizedPage, WIDTHS } from "../helpers/sized-page";

/**
 * Issue 16 item 5 end to end (ADR 0052): after an event whose 4 hours the institution
 * confirmed, a volunteer issues her certificate; the PDF names both parties, the CNPJ, the
 * activity, the date and the hours, and its QR code opens the public check, which confirms it;
 * the institution issues one for another participant and revokes the first, and the check then
 * says revoked. Hours not confirmed are never offered; other people get 404s. Every page and
 * state is checked with axe and shot at 390 and 1280 px (/tmp/shots/c/).
 */
type Key = "institution" | "ana" | "bia" | "caio" | "other";
let server: FixtureServer<Key>;
let browser: Browser;
let certificateId = "";
let code = "";

const INSTITUTION = "Associação Raízes do Bem";
const EVENT = "Mutirão de plantio";
const PENDING_EVENT = "Feira de trocas";
const EVENT_DAY = "2026-11-14";

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startFixtureServer({
      accounts: {
        institution: { kind: "institution", status: "APPROVED", name: INSTITUTION },
        ana: { kind: "volunteer", name: "Ana Conceição" },
        bia: { kind: "volunteer", name: "Bia Araújo" },
        caio: { kind: "volunteer", name: "Caio Sem Horas" },
        other: { kind: "institution", status: "APPROVED", name: "Outra ONG" },
      },
      events: [
        {
          key: "done",
          institution: "institution",
          name: EVENT,
          status: "APPROVED",
          eventDate: EVENT_DAY,
        },
        {
          key: "pending",
          institution: "institution",
          name: PENDING_EVENT,
          status: "APPROVED",
          eventDate: "2026-11-21",
        },
      ],
      // The institution confirmed 4 h for Ana and Bia at the mutirão; Ana's hours at the fair
      // still wait for its decision.
      beforeStart: async (db, accounts) => {
        // Who signs for it (ADR 0067): printed on the certificates it issues from now on.
        await db
          .update(institutions)
          .set({ representativeName: "Marta Oliveira", representativeRole: "Presidente" })
          .where(eq(institutions.userId, accounts.institution.id));
        const rows = await db
          .select({ id: events.id, name: events.name, day: events.eventDate })
          .from(events)
          .where(inArray(events.name, [EVENT, PENDING_EVENT]));
        const idOf = (name: string) => rows.find((row) => row.name === name)?.id ?? "";
        const base = {
          institutionId: accounts.institution.id,
          kind: "EVENT",
          loggedBy: "INSTITUTION",
        };
        await db.insert(volunteerHours).values([
          {
            ...base,
            volunteerId: accounts.ana.id,
            eventId: idOf(EVENT),
            workedOn: EVENT_DAY,
            minutes: 240,
            status: "CONFIRMED",
          },
          {
            ...base,
            volunteerId: accounts.bia.id,
            eventId: idOf(EVENT),
            workedOn: EVENT_DAY,
            minutes: 240,
            status: "CONFIRMED",
          },
          {
            ...base,
            volunteerId: accounts.ana.id,
            eventId: idOf(PENDING_EVENT),
            workedOn: "2026-11-21",
            minutes: 180,
            status: "PENDING",
          },
        ]);
        // Hours enter certificates with accepted termos (ADR 0070).
        for (const who of [accounts.ana.id, accounts.bia.id]) {
          await insertTermo(db, {
            volunteerId: who,
            institutionId: accounts.institution.id,
            eventId: idOf(EVENT),
          });
        }
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

const client = (who: Key) => signedInClient(server, server.accounts[who]);

/** Each width: a hydrated page at `path` (signed in as `who`, or anonymous), finished and shot. */
async function lookAtBothWidths(
  who: Key | null,
  path: string,
  name: string,
  check: (page: Page) => Promise<unknown> = async () => {},
) {
  for (const width of WIDTHS) {
    const { page, problems } = await sizedPage(browser, width, who ? await client(who) : undefined);
    await gotoHydrated(page, `${server.url}${path}`);
    await check(page);
    await expectFinishedPage(page, problems, `${name} ${width}`, `c/${name}-${width}`);
    await page.context().close();
  }
}

describe("a certificate's life", () => {
  it("shows a volunteer without confirmed hours how certificates come", async () => {
    await lookAtBothWidths("caio", "/app/certificados", "meus-certificados-sem-horas", (page) =>
      page.getByText("Quando uma instituição confirmar as suas horas").waitFor(),
    );
  });

  it("offers only confirmed hours, and issues the certificate of the 4 h", async () => {
    await lookAtBothWidths("ana", "/app/certificados", "meus-certificados-vazio", async (page) => {
      const options = await page.locator("select[name=target] option").allTextContents();
      expect(options.join("\n")).toContain(EVENT);
      expect(options.join("\n")).not.toContain(PENDING_EVENT);
    });

    const { page, problems } = await sizedPage(browser, 390, await client("ana"));
    await gotoHydrated(page, `${server.url}/app/certificados`);
    await page
      .getByLabel("Horas confirmadas")
      .selectOption({ label: `${INSTITUTION}: ${EVENT}, 14/11/2026 (4 horas)` });
    await page.getByRole("button", { name: "Emitir certificado" }).click();
    await page.getByText("Certificado emitido").first().waitFor();
    const href = await page.getByRole("link", { name: "Baixar PDF" }).getAttribute("href");
    certificateId =
      /\/app\/certificados\/([0-9a-f-]{36})\/certificado\.pdf/.exec(href ?? "")?.[1] ?? "";
    expect(certificateId).not.toBe("");
    code = (await page.locator("li .font-mono").first().textContent()) ?? "";
    expect(code).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    expect(problems()).toEqual([]);
    await page.context().close();

    // Asking again gives the same certificate, not a second one.
    const again = await (await client("ana")).post("/app/certificados", {
      target: `EVENT:${await eventId(EVENT)}`,
    });
    expect(again.status).toBe(302);
    await lookAtBothWidths("ana", "/app/certificados", "meus-certificados", async (page) => {
      expect(await page.locator("li .font-mono").count()).toBe(1);
    });
  });

  it("downloads a PDF naming both parties, the activity, the date and the hours, with a QR code to the check", async () => {
    const response = await (await client("ana")).get(
      `/app/certificados/${certificateId}/certificado.pdf`,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toContain(`certificado-${code}.pdf`);
    const pdf = Buffer.from(await response.arrayBuffer());
    const text = (await pdfText(pdf)).replace(/\s+/g, " ");
    const cnpj = server.accounts.institution.cnpj ?? "";
    for (const expected of [
      "Certificado de Trabalho Voluntário",
      "Ana Conceição",
      INSTITUTION,
      `${cnpj.slice(0, 2)}.${cnpj.slice(2, 5)}.${cnpj.slice(5, 8)}/${cnpj.slice(8, 12)}-${cnpj.slice(12)}`,
      `de “${EVENT}” na instituição ${INSTITUTION}, inscrita no CNPJ`,
      "em 14/11/2026",
      "carga horária total de 4 horas",
      `Marta Oliveira Presidente · ${INSTITUTION}`,
      code,
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain(PENDING_EVENT);
    const [page] = await pdfPages(pdf, 150);
    if (!page) throw new Error("no page rendered");
    await keepPage("c/e2e-certificado", page);
    expect(await readQr(page)).toBe(`${server.url}/certificados/${code}`);
  });

  it("confirms the certificate on the public page, to anyone, whatever the case of the code", async () => {
    await lookAtBothWidths(null, `/certificados/${code}`, "verificacao-valido", async (page) => {
      await page.getByRole("heading", { name: "Certificado válido" }).waitFor();
      const text = await page.locator("main").textContent();
      for (const expected of [
        "Ana Conceição",
        INSTITUTION,
        "Assinado porMarta Oliveira, Presidente",
        EVENT,
        "Em 14/11/2026",
        "4 horas",
        code,
      ]) {
        expect(text).toContain(expected);
      }
    });
    const anonymous = new HttpClient(server.url);
    const typed = await anonymous.get(`/certificados/${code.toLowerCase().replaceAll("-", "")}`);
    expect(typed.status).toBe(200);
    expect(typed.headers.get("x-robots-tag")).toBe("noindex");
    expect(typed.headers.get("cache-control")).toBe("private, no-cache");
    expect(await typed.text()).toContain("Certificado válido");
  });

  it("says when a code does not exist, and offers the lookup form", async () => {
    const missing = await new HttpClient(server.url).get("/certificados/ZZZZ-ZZZZ-ZZZZ");
    expect(missing.status).toBe(404);
    await lookAtBothWidths(
      null,
      "/certificados/ZZZZ-ZZZZ-ZZZZ",
      "verificacao-nao-encontrado",
      (page) => page.getByRole("heading", { name: "Certificado não encontrado" }).waitFor(),
    );
    await lookAtBothWidths(null, "/certificados?codigo=abc", "verificar-codigo-invalido", (page) =>
      page.getByText("Confira o código").waitFor(),
    );
    // Typing the code, without JavaScript: the form sends the person to the certificate.
    const lookup = await new HttpClient(server.url).get(
      `/certificados?codigo=${encodeURIComponent(` ${code.toLowerCase()} `)}`,
    );
    expect(await redirectTarget(lookup)).toBe(`/certificados/${code}`);
    await lookAtBothWidths(null, "/certificados", "verificar", async (page) => {
      await page.getByLabel("Código do certificado").fill(code.toLowerCase());
      await page.getByRole("button", { name: "Verificar" }).click();
      await page.getByRole("heading", { name: "Certificado válido" }).waitFor();
    });
  });

  it("stops a network that keeps guessing codes, saying how long to wait", async () => {
    const guesser = new HttpClient(server.url);
    for (let attempt = 0; attempt < 30; attempt++) {
      expect(
        (await guesser.get(`/certificados/ZZZZ-ZZZZ-${String(attempt).padStart(4, "0")}`)).status,
      ).toBe(404);
    }
    const refused = await guesser.get("/certificados/ZZZZ-ZZZZ-ZZZZ");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    for (const width of WIDTHS) {
      const { page, problems } = await sizedPage(browser, width, guesser);
      await gotoHydrated(page, `${server.url}/certificados/ZZZZ-ZZZZ-ZZZZ`);
      await page.getByRole("heading", { name: "Muitas consultas seguidas" }).waitFor();
      await page.getByText("Muitas tentativas.").waitFor();
      // The browser logs the 429 as a failed resource; that is the answer under test.
      const others = problems().filter((problem) => !problem.includes("429"));
      await expectFinishedPage(
        page,
        () => others,
        `limite ${width}`,
        `c/verificacao-limite-${width}`,
      );
      await page.context().close();
    }
  });

  it("lets the institution see it, issue one for another participant, and revoke", async () => {
    await lookAtBothWidths(
      "institution",
      "/app/instituicao/certificados",
      "instituicao-certificados",
      async (page) => {
        await page.getByText("Ana Conceição · emitido pelo voluntário").waitFor();
      },
    );
    const institution = await client("institution");
    // Without JavaScript: the form posts, the page comes back with the new certificate.
    const plain = await phonePage(browser, institution, { js: false });
    await plain.page.goto(`${server.url}/app/instituicao/certificados`);
    await plain.page
      .getByLabel("Voluntário(a) e horas confirmadas")
      .selectOption({ label: `Bia Araújo: ${EVENT}, 14/11/2026 (4 horas)` });
    await plain.page.getByRole("button", { name: "Emitir certificado" }).click();
    await plain.page.getByText("Bia Araújo · emitido pela instituição").waitFor();
    await plain.page.context().close();

    // A reason is required; the answer keeps what was typed.
    const empty = await institution.post(`/app/instituicao/certificados/${certificateId}/revogar`, {
      reason: "curto",
    });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("O motivo deve ter pelo menos 10 caracteres.");

    await lookAtBothWidths(
      "institution",
      `/app/instituicao/certificados/${certificateId}/revogar`,
      "revogar",
      (page) => page.getByRole("heading", { name: "Revogar certificado" }).waitFor(),
    );
    const { page, problems } = await sizedPage(browser, 390, institution);
    await gotoHydrated(page, `${server.url}/app/instituicao/certificados/${certificateId}/revogar`);
    await page.getByLabel("Motivo da revogação").fill("Horas lançadas na pessoa errada.");
    await page.getByRole("button", { name: "Revogar certificado" }).click();
    await page.getByText("Certificado revogado.").first().waitFor();
    expect(problems()).toEqual([]);
    await page.context().close();

    await lookAtBothWidths(null, `/certificados/${code}`, "verificacao-revogado", async (page) => {
      await page
        .getByRole("heading", { name: /^Certificado revogado em \d{2}\/\d{2}\/\d{4}$/ })
        .waitFor();
      const text = await page.locator("main").textContent();
      expect(text).toContain(`emitido em nome da instituição ${INSTITUTION}, foi revogado`);
      expect(text).not.toContain("Horas lançadas");
      expect(text).not.toContain("Ana Conceição");
    });
    await lookAtBothWidths(
      "institution",
      "/app/instituicao/certificados",
      "instituicao-certificados-revogado",
      (page) => page.getByText("Bia Araújo · emitido pela instituição").waitFor(),
    );
  }, 120_000);

  it("keeps a certificate valid, without the name, after its holder deletes the account", async () => {
    const { page } = await sizedPage(browser, 1280, await client("institution"));
    await gotoHydrated(page, `${server.url}/app/instituicao/certificados`);
    const biaCode =
      (await page.locator("li", { hasText: "Bia Araújo" }).locator(".font-mono").textContent()) ??
      "";
    await page.context().close();
    const deleted = await (await client("bia")).post("/app/meus-dados", {
      password: FIXTURE_PASSWORD,
    });
    expect(deleted.status).toBe(302);
    await lookAtBothWidths(
      null,
      `/certificados/${biaCode}`,
      "verificacao-titular-excluido",
      async (check) => {
        await check.getByRole("heading", { name: "Certificado válido" }).waitFor();
        const text = await check.locator("main").textContent();
        expect(text).toContain("Nome removido: a pessoa excluiu a própria conta");
        expect(text).not.toContain("Bia Araújo");
        expect(text).toContain(INSTITUTION);
      },
    );
  });

  it("keeps everyone else out with a 404", async () => {
    const caio = await client("caio");
    expect((await caio.get(`/app/certificados/${certificateId}/certificado.pdf`)).status).toBe(404);
    const other = await client("other");
    expect((await other.get(`/app/certificados/${certificateId}/certificado.pdf`)).status).toBe(
      404,
    );
    expect((await other.get(`/app/instituicao/certificados/${certificateId}/revogar`)).status).toBe(
      404,
    );
    const ownList = await other.get("/app/instituicao/certificados");
    expect(await ownList.text()).not.toContain("Ana Conceição");
    const issue = await other.post("/app/instituicao/certificados", {
      target: `${server.accounts.ana.id}:PERIOD:${server.accounts.institution.id}`,
    });
    expect(issue.status).toBe(400);
    const issueEvent = await other.post("/app/instituicao/certificados", {
      target: `${server.accounts.ana.id}:EVENT:${await eventId(EVENT)}`,
    });
    expect(issueEvent.status).toBe(400);
    expect(await issueEvent.text()).toContain("Não há horas confirmadas");
  });
});

describe("malformed posts", () => {
  it("answers each with a clear message and keeps what was typed", async () => {
    const ana = await client("ana");
    const cases: [Record<string, string> | FormData, string][] = [
      [{}, "Escolha de quais horas é o certificado."],
      [{ target: "EVENT:nao-e-um-id" }, "Escolha de quais horas é o certificado."],
      [{ target: "x".repeat(5_000) }, "Escolha de quais horas é o certificado."],
      [
        { target: `PERIOD:${server.accounts.institution.id}`, from: "31/02/2026" },
        "Informe a data inicial como dd/mm/aaaa.",
      ],
      [
        {
          target: `PERIOD:${server.accounts.institution.id}`,
          from: "10/11/2026",
          to: "01/11/2026",
        },
        "A data final deve ser igual ou posterior à inicial.",
      ],
      [
        { target: `EVENT:${server.accounts.institution.id}` },
        "Não há horas confirmadas pela instituição para este certificado.",
      ],
    ];
    const twice = new FormData();
    twice.append("target", `EVENT:${await eventId(EVENT)}`);
    twice.append("target", `EVENT:${await eventId(PENDING_EVENT)}`);
    cases.push([twice, "Escolha de quais horas é o certificado."]);
    for (const [form, message] of cases) {
      const response = await ana.post("/app/certificados", form);
      const body = await response.text();
      expect(response.status, message).toBe(400);
      expect(body).toContain(message);
    }
    const kept = await ana.post("/app/certificados", {
      target: `PERIOD:${server.accounts.institution.id}`,
      from: "10/11/2026",
      to: "01/11/2026",
    });
    expect(await kept.text()).toContain("10/11/2026");
    const institution = await client("institution");
    for (const reason of ["", " ".repeat(20), "x".repeat(501)]) {
      const response = await institution.post(
        `/app/instituicao/certificados/${certificateId}/revogar`,
        { reason },
      );
      expect(response.status).toBeLessThan(500);
    }
    const unknown = await institution.post("/app/instituicao/certificados/nao-e-um-id/revogar", {
      reason: "Motivo suficiente para revogar.",
    });
    expect(unknown.status).toBe(404);
  });
});

/** The seeded events' ids, by name. */
async function eventId(name: string): Promise<string> {
  return (name === EVENT ? server.ids.done : server.ids.pending) ?? "";
}
