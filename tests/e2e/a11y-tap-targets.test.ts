import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { sweepPage } from "../helpers/a11y-sweep";
import { type HttpClient, uniqueCnpj, uniqueEmail } from "../helpers/accounts";
import { launchBrowser } from "../helpers/browser";
import { type FixtureServer, startFixtureServer } from "../helpers/fixture-server";
import { logServerOnFailure, signedInClient } from "../helpers/members";
import { shot } from "../helpers/screenshots";
import {
  chooseProfile,
  fillCredentials,
  fillInstitutionDetails,
  waitForStep,
} from "../helpers/signup-wizard";
import { POLL } from "../helpers/wait";

/**
 * Issue 13: every link and button a finger has to hit is at least 44 x 44 CSS px on a 390 px
 * phone (WCAG 2.5.8 asks for 24; Apple and Google ask for 44-48), on the public pages, every step
 * of the sign-up wizard and the member areas of a volunteer and of an institution. Each page is
 * measured as it is drawn (getBoundingClientRect of every visible a[href], button,
 * [role=button], summary, select, and checkbox or radio with its label, which is the target a
 * finger hits). One browser context per actor, pages in sequence; the test fails listing every
 * offender with its page, element and size.
 *
 * The exceptions allowed (WCAG 2.5.8 lists them), each reported by the test's log when found:
 * - "inline": a link inside running text, its size set by the line around it. Met today: the
 *   contact e-mail and the cross-links ("Política de privacidade", "Meus dados") in the legal
 *   texts, "Termos de uso" and "Política de privacidade" in the sign-up's "Li e aceito ..."
 *   sentence (the label around them is 48 px tall), "pelo WhatsApp" / "por e-mail" in the
 *   institution home's "Precisa de ajuda? Fale com o suporte ..." line.
 * - "hidden until focused": the skip link ("Pular para o conteúdo") is 1 x 1 px until a keyboard
 *   focuses it (then it is 44 px tall).
 */
const MIN = 44;

interface Target {
  page: string;
  target: string;
  width: number;
  height: number;
}

type Measure = {
  offenders: Omit<Target, "page">[];
  exempt: (Omit<Target, "page"> & { why: string })[];
  count: number;
};

/** Runs in the page: every visible target's size, and the exempt ones with their reason. */
function measureInPage(min: number): Measure {
  const selector =
    'a[href], button, [role="button"], summary, select, input[type="checkbox"], input[type="radio"]';
  const offenders: Measure["offenders"] = [];
  const exempt: Measure["exempt"] = [];
  let count = 0;
  const describe = (element: Element) => {
    const label =
      element.getAttribute("aria-label") ||
      (element instanceof HTMLInputElement
        ? [...(element.labels ?? [])].map((l) => l.textContent).join(" ")
        : element.textContent) ||
      element.getAttribute("href") ||
      "";
    const id = element.id ? `#${element.id}` : "";
    return `${element.tagName.toLowerCase()}${id} "${label.replace(/\s+/g, " ").trim().slice(0, 60)}"`;
  };
  // A link in running text: drawn inline, beside words of its own line box (the text of its
  // block ancestor, leaving out that block's block-level children such as a status line).
  const isInline = (node: Element) => getComputedStyle(node).display.startsWith("inline");
  const inlineText = (node: Node, top = false): string => {
    if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? "";
    if (!(node instanceof Element) || (!top && !isInline(node))) return "";
    return [...node.childNodes].map((child) => inlineText(child)).join("");
  };
  const block = (node: Element): Element => {
    let parent = node.parentElement;
    while (parent && isInline(parent)) parent = parent.parentElement;
    return parent ?? document.body;
  };
  const inline = (element: Element) => {
    if (getComputedStyle(element).display !== "inline") return false;
    const own = (element.textContent ?? "").replace(/\s+/g, "");
    const around = inlineText(block(element), true).replace(/\s+/g, "");
    return around.length > own.length + 3;
  };
  for (const element of document.querySelectorAll(selector)) {
    const rects = [element.getBoundingClientRect()];
    if (element instanceof HTMLInputElement) {
      for (const label of element.labels ?? []) rects.push(label.getBoundingClientRect());
    }
    const visible =
      element.checkVisibility({ checkVisibilityCSS: true }) ||
      (element instanceof HTMLInputElement &&
        [...(element.labels ?? [])].some((label) =>
          label.checkVisibility({ checkVisibilityCSS: true }),
        ));
    if (!visible) continue;
    const width = Math.max(...rects.map((rect) => rect.width));
    const height = Math.max(...rects.map((rect) => rect.height));
    if (width === 0 && height === 0) continue;
    count++;
    const size = {
      target: describe(element),
      width: Math.round(width),
      height: Math.round(height),
    };
    if (width >= min - 0.5 && height >= min - 0.5) continue;
    if (width <= 1 && height <= 1) exempt.push({ ...size, why: "hidden until focused" });
    else if (inline(element)) exempt.push({ ...size, why: "inline" });
    else offenders.push(size);
  }
  return { offenders, exempt, count };
}

let server: FixtureServer<"volunteer" | "institution">;
let browser: Browser;
const clients = {} as Record<"volunteer" | "institution", HttpClient>;

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startFixtureServer({
      accounts: {
        volunteer: { kind: "volunteer", name: "Maria Aparecida dos Santos Oliveira" },
        institution: {
          kind: "institution",
          status: "APPROVED",
          name: "Instituto Mãos que Ajudam do Espírito Santo",
        },
      },
      events: [
        { key: "event", institution: "institution", name: "Mutirão de Natal", status: "APPROVED" },
        { key: "pending", institution: "institution", name: "Bazar de Verão", status: "PENDING" },
      ],
      applications: [{ key: "application", volunteer: "volunteer", institution: "institution" }],
    }),
    launchBrowser(),
  ]);
  for (const key of ["volunteer", "institution"] as const) {
    clients[key] = await signedInClient(server, server.accounts[key]);
  }
}, 180_000);

afterEach(({ task }) => logServerOnFailure(task, server));

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

class Survey {
  readonly offenders: Target[] = [];
  readonly exempt: string[] = [];
  readonly pages: string[] = [];

  /** Measures the page as it is now (at 390 px, the context's width). */
  async measure(page: Page, state: string): Promise<void> {
    const result = await page.evaluate(measureInPage, MIN);
    // An empty or broken page passes nothing: that is not a clean page.
    if (result.count < 3) throw new Error(`almost no targets on ${state}`);
    this.offenders.push(...result.offenders.map((offender) => ({ page: state, ...offender })));
    for (const item of result.exempt) {
      this.exempt.push(`${state}: ${item.target} ${item.width}x${item.height} (${item.why})`);
    }
    this.pages.push(state);
    const name = state === "/" ? "landing" : state.replace(/^\//, "").replace(/[^a-z0-9]+/gi, "-");
    await shot(page, `tap-targets/${name}`);
  }

  /** Opens `path`, waits for its first-level heading and for hydration, and measures it. */
  async visit(page: Page, path: string, state = path): Promise<void> {
    await page.goto(`${server.url}${path}`);
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    // Hydrated: the header's menu is a button once React runs.
    await page.getByRole("button", { name: "Menu" }).waitFor({ timeout: POLL.ui.timeout });
    await this.measure(page, state);
  }

  expectNone(): void {
    if (this.exempt.length > 0)
      console.info(`exempt targets:\n${[...new Set(this.exempt)].join("\n")}`);
    expect(this.offenders).toEqual([]);
  }
}

describe("tap targets at 390 px", { timeout: 240_000 }, () => {
  it("the public pages, anonymous, with the phone menu closed and open", async () => {
    const survey = new Survey();
    const { page, close } = await sweepPage(browser);
    const { ids, accounts } = server;
    for (const path of [
      "/",
      "/instituicoes",
      `/instituicoes/${accounts.institution.id}`,
      "/eventos",
      `/eventos/${ids.event}`,
      "/termos-de-uso",
      "/politicas-de-privacidade",
    ]) {
      await survey.visit(page, path);
    }
    await page.getByRole("button", { name: "Menu" }).click();
    await page.getByRole("banner").getByRole("link", { name: "Eventos" }).waitFor();
    await survey.measure(page, "menu open");
    survey.expectNone();
    await close();
  });

  it("the sign-in and password pages and every step of the sign-up wizard", async () => {
    const survey = new Survey();
    let { page, close } = await sweepPage(browser);
    for (const path of ["/auth/login", "/auth/esqueci-minha-senha"]) {
      await page.goto(`${server.url}${path}`);
      await page.getByRole("heading", { level: 1 }).waitFor();
      await page
        .getByRole("button", { name: /Mostrar senha|Enviar link/ })
        .first()
        .waitFor();
      await survey.measure(page, path);
    }
    const options = { baseUrl: server.url, js: true };
    await page.goto(`${server.url}/auth/cadastro`);
    await waitForStep(page, "Escolha o tipo de cadastro", true);
    await survey.measure(page, "sign-up step 1");
    await chooseProfile(page, "VOLUNTEER", options);
    await survey.measure(page, "sign-up step 2");
    await fillCredentials(page, uniqueEmail("toque"), options);
    await waitForStep(page, "Conte um pouco sobre você", true);
    await survey.measure(page, "sign-up volunteer step 3");
    await close();
    // A new visitor (the wizard keeps the first one's draft).
    const institution = await sweepPage(browser);
    page = institution.page;
    close = institution.close;
    await chooseProfile(page, "INSTITUTION", options);
    await fillCredentials(page, uniqueEmail("toque-inst"), options);
    await waitForStep(page, "Dados da instituição", true);
    await survey.measure(page, "sign-up institution step 3");
    await fillInstitutionDetails(page, { name: "Instituto do Toque", cnpj: uniqueCnpj() }, options);
    await waitForStep(page, "Perfil da instituição", true);
    await survey.measure(page, "sign-up institution step 4");
    survey.expectNone();
    await close();
  });

  it("a volunteer's pages", async () => {
    const survey = new Survey();
    const { page, close } = await sweepPage(browser, clients.volunteer.playwrightCookies());
    for (const path of [
      "/app/voluntario",
      `/app/seja-voluntario?id=${server.accounts.institution.id}`,
      "/app/atualizar-voluntario",
      "/app/atualizar-senha",
      "/app/meus-dados",
      "/instituicoes",
    ]) {
      await survey.visit(page, path);
    }
    await page.getByRole("button", { name: "Menu" }).click();
    await page.getByRole("banner").getByRole("link", { name: "Minha área" }).waitFor();
    await survey.measure(page, "volunteer, menu open");
    survey.expectNone();
    await close();
  });

  it("an institution's pages", async () => {
    const survey = new Survey();
    const { page, close } = await sweepPage(browser, clients.institution.playwrightCookies());
    for (const path of [
      "/app/instituicao",
      "/app/atualizar-instituicao",
      "/app/novo-evento",
      `/app/eventos/${server.ids.pending}/editar`,
      "/app/atualizar-senha",
      "/app/meus-dados",
    ]) {
      await survey.visit(page, path);
    }
    survey.expectNone();
    await close();
  });
});
