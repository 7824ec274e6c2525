import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { HttpClient } from "../helpers/accounts";
import { launchBrowser } from "../helpers/browser";
import { readMailDir } from "../helpers/mail";
import { eventFormData, logServerOnFailure, signedInClient } from "../helpers/members";
import { type SecurityServer, startSecurityServer } from "../helpers/security-server";
import { lastStepForm, signupAtLastStep } from "../helpers/signup-posts";
import { waitFor } from "../helpers/wait";

/**
 * Stored and reflected XSS (docs/design.md 8): every text a person can write (the sign-up wizard's
 * fields, volunteer and institution profile edits, event, application, search boxes and query
 * strings) carries script
 * payloads, and every page that shows them (public pages with their JSON-LD and meta tags,
 * member pages, admin lists and details, e-mails) must show them as text. Proven twice: in the
 * raw HTML (no payload survives unescaped) and in Chromium (no dialog, no element the payload
 * would inject, the global each payload would set stays unset).
 */

/** Each payload sets window.__xssN (and opens a dialog) if it ever runs. */
const P = {
  script: "<script>window.__xss1=1;alert(1)</script>",
  attribute: '"><img src=x onerror=window.__xss2=1>',
  breakout: "</script><script>window.__xss3=1</script>",
  svg: "'><svg onload=window.__xss4=1>",
  title: "</title><script>window.__xss5=1</script>",
  url: "javascript:window.__xss6=1",
};
const ALL = Object.values(P).join(" ");

/**
 * Fragments that would be live markup if a payload were echoed unescaped. The breakout's is
 * written with its payload: a kept public page's own scripts carry no attribute (ADR 0042), so
 * two of them side by side read "</script><script>" too.
 */
const LIVE = [
  "<script>window.__xss",
  "<img src=x",
  "<svg onload",
  "</script><script>window.__xss",
  "</title><script>",
  'href="javascript:',
];

type Key = "volunteer" | "approved" | "admin";
let server: SecurityServer<Key>;
let browser: Browser;
const clients = {} as Record<Key, HttpClient>;
const contexts = {} as Record<Key | "anonymous", BrowserContext>;

const id = (key: string) => server.ids[key] ?? "";
/** The institution that signed up through the wizard with payloads in every field. */
let signedUpId = "";

beforeAll(async () => {
  server = await startSecurityServer({
    accounts: {
      volunteer: { kind: "volunteer", name: `Ana ${P.script}`.slice(0, 50) },
      approved: { kind: "institution", status: "APPROVED", name: P.attribute },
      admin: { kind: "admin" },
    },
    events: [
      { key: "event", institution: "approved", name: "Evento a editar", status: "PENDING" },
      { key: "draft", institution: "approved", name: P.svg, status: "PENDING" },
    ],
  });
  clients.volunteer = await signedInClient(server, server.accounts.volunteer);
  clients.approved = await signedInClient(server, server.accounts.approved);
  clients.admin = new HttpClient(server.url);
  expect((await clients.admin.signIn(server.accounts.admin, "/admin/login")).status).toBe(302);
  // Every writable text, through the app's own forms.
  await expectSaved(
    clients.volunteer.post("/app/atualizar-voluntario", {
      name: P.svg,
      uf: "SP",
      city: "São Paulo",
      resume: ALL,
    }),
  );
  await expectSaved(
    clients.approved.post("/app/atualizar-instituicao", {
      resume: P.breakout,
      about: ALL,
      representativeName: P.svg,
      representativeRole: P.title,
      contactEmail: "contato@teste.org.br",
      volunteeringType: "Presencial",
    }),
  );
  await expectSaved(
    clients.approved.post(
      `/app/eventos/${id("event")}/editar`,
      eventFormData({
        name: P.title,
        resume: P.attribute,
        about: ALL,
        street: P.script,
        number: "1",
        neighborhood: P.breakout,
        complete: P.svg,
      }),
    ),
  );
  await expectSaved(
    clients.admin.post("/admin/dashboard", { intent: "aprovar-evento", id: id("event") }),
  );
  await expectSaved(
    clients.volunteer.post(`/app/seja-voluntario?id=${server.accounts.approved.id}`, {
      replyEmail: "resposta@teste.org.br",
      phone: "+55 (11) 912345678",
      summary: ALL,
    }),
  );
  // And through the sign-up wizard: an institution's details and profile, a volunteer's.
  const institution = await signupAtLastStep(server.url, "INSTITUTION", {
    name: P.breakout,
    responsible: P.attribute,
    street: P.script,
    neighborhood: P.svg,
    complete: P.title,
  });
  await expectSaved(
    institution.post(
      "/auth/cadastro",
      await lastStepForm("INSTITUTION", { resume: P.svg, about: ALL }),
    ),
  );
  const exported = (await (await institution.get("/app/meus-dados/arquivo")).json()) as {
    user: { id: string };
  };
  signedUpId = exported.user.id;
  await expectSaved(
    clients.admin.post("/admin/dashboard", { intent: "aprovar-instituicao", id: signedUpId }),
  );
  const volunteer = await signupAtLastStep(server.url, "VOLUNTEER");
  await expectSaved(
    volunteer.post(
      "/auth/cadastro",
      await lastStepForm("VOLUNTEER", { name: P.attribute, resume: ALL }),
    ),
  );
  browser = await launchBrowser();
  for (const key of ["anonymous", "volunteer", "approved", "admin"] as const) {
    const context = await browser.newContext({ locale: "pt-BR" });
    if (key !== "anonymous") await context.addCookies(clients[key].playwrightCookies());
    // Pictures, styles and fonts cannot carry a text payload; skipping them keeps 50 page loads
    // quick. Documents and scripts (hydration runs every payload React would render) still load.
    await context.route("**/*", (route) =>
      ["image", "stylesheet", "font", "media"].includes(route.request().resourceType())
        ? route.abort()
        : route.continue(),
    );
    contexts[key] = context;
  }
});

afterEach(({ task }) => logServerOnFailure(task, server));

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function expectSaved(posted: Promise<Response>): Promise<void> {
  const response = await posted;
  expect(response.status, await response.clone().text()).toBe(302);
}

function expectNoLiveMarkup(text: string, what: string): void {
  for (const fragment of LIVE) expect(text, `${what} contains ${fragment}`).not.toContain(fragment);
}

/**
 * Opens the page in Chromium with a trap for dialogs and checks that nothing a payload would
 * create exists: no __xss global, no element with an inline event handler, no javascript: link.
 */
async function expectInertInBrowser(page: Page, url: string, shown: boolean): Promise<void> {
  const dialogs: string[] = [];
  const onDialog = (dialog: { message: () => string; dismiss: () => Promise<void> }) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  };
  page.on("dialog", onDialog);
  try {
    await page.goto(`${server.url}${url}`, { waitUntil: "load" });
    const found = await page.evaluate(() => {
      const globals = Object.keys(window).filter((key) => key.startsWith("__xss"));
      const handlers = [...document.querySelectorAll("*")]
        .filter((element) => [...element.attributes].some((attr) => /^on/i.test(attr.name)))
        .map((element) => element.outerHTML.slice(0, 80));
      const links = [...document.querySelectorAll("a[href], form[action]")]
        .map((element) => element.getAttribute("href") ?? element.getAttribute("action") ?? "")
        .filter((href) => /^\s*javascript:/i.test(href));
      const injected = [...document.querySelectorAll('img[src="x"], svg[onload]')].length;
      return { globals, handlers, links, injected, text: document.documentElement.outerHTML };
    });
    expect(found.globals, `${url}: globals set by a payload`).toEqual([]);
    expect(found.handlers, `${url}: elements with inline handlers`).toEqual([]);
    expect(found.links, `${url}: javascript: links`).toEqual([]);
    expect(found.injected, `${url}: injected elements`).toBe(0);
    expect(dialogs, `${url}: dialogs`).toEqual([]);
    // The payloads did reach the page (as text), or the check above proves nothing.
    if (shown) expect(found.text, `${url} shows the payloads`).toContain("__xss");
  } finally {
    page.off("dialog", onDialog);
  }
}

const search = encodeURIComponent(P.attribute);
const PAGES: [Key | "anonymous", () => string][] = [
  ["anonymous", () => "/"],
  ["anonymous", () => "/instituicoes"],
  ["anonymous", () => `/instituicoes?busca=${search}`],
  ["anonymous", () => `/instituicoes/${server.accounts.approved.id}`],
  ["anonymous", () => `/instituicoes/${signedUpId}`],
  ["anonymous", () => "/eventos"],
  ["anonymous", () => `/eventos?busca=${encodeURIComponent(P.breakout)}`],
  ["anonymous", () => `/eventos/${id("event")}`],
  ["anonymous", () => `/auth/login?redirectTo=${encodeURIComponent(P.url)}${search}`],
  ["volunteer", () => "/app/voluntario"],
  ["volunteer", () => "/app/atualizar-voluntario"],
  ["volunteer", () => `/app/seja-voluntario?id=${server.accounts.approved.id}`],
  ["volunteer", () => "/app/meus-dados"],
  ["approved", () => "/app/instituicao"],
  ["approved", () => "/app/atualizar-instituicao"],
  ["approved", () => `/app/eventos/${id("draft")}/editar`],
  ["admin", () => "/admin/dashboard?secao=voluntarios"],
  ["admin", () => `/admin/dashboard?secao=voluntarios&busca=${search}`],
  ["admin", () => "/admin/dashboard?secao=instituicoes&aba=todos"],
  ["admin", () => "/admin/dashboard?secao=eventos"],
  ["admin", () => "/admin/dashboard?secao=auditoria"],
  ["admin", () => `/admin/dashboard?secao=voluntario&id=${server.accounts.volunteer.id}`],
  ["admin", () => `/admin/dashboard?secao=instituicao&id=${server.accounts.approved.id}`],
  ["admin", () => `/admin/dashboard?secao=instituicao&id=${signedUpId}`],
  ["admin", () => `/admin/dashboard?secao=evento&id=${id("event")}`],
];

/** Pages that do not show what was asked (a 404, the admin home's counts) must not run it either. */
const NOT_SHOWN: [Key | "anonymous", () => string][] = [
  ["anonymous", () => `/pagina-que-nao-existe/${search}`],
  ["admin", () => "/admin/dashboard?secao=dashboard"],
];

describe("payloads in every writable text stay text", () => {
  const cases = [
    ...PAGES.map(([who, url]) => [who, url, true] as const),
    ...NOT_SHOWN.map(([who, url]) => [who, url, false] as const),
  ];

  it.each(cases)("%s %s: raw HTML has no live payload", async (who, url, shown) => {
    const response =
      who === "anonymous" ? await fetch(`${server.url}${url()}`) : await clients[who].get(url());
    expect(response.status, url()).toBeLessThan(500);
    const html = await response.text();
    expectNoLiveMarkup(html, url());
    if (shown) expect(html, `${url()} shows the payloads`).toContain("__xss");
  });

  it.each(cases)("%s %s: nothing runs or is injected in Chromium", async (who, url, shown) => {
    const page = await contexts[who].newPage();
    try {
      await expectInertInBrowser(page, url(), shown);
    } finally {
      await page.close();
    }
  });

  it("JSON-LD and meta tags of the public pages carry the texts escaped", async () => {
    for (const url of [
      `/instituicoes/${server.accounts.approved.id}`,
      `/instituicoes/${signedUpId}`,
      `/eventos/${id("event")}`,
    ]) {
      const html = await (await fetch(`${server.url}${url}`)).text();
      const jsonLd = [
        ...html.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/gs),
      ];
      expect(jsonLd.length, `${url} has JSON-LD`).toBeGreaterThan(0);
      for (const [, body] of jsonLd) {
        expect(body).not.toMatch(/<\/?script/i);
        expect(JSON.stringify(JSON.parse(body ?? "null"))).toContain("__xss");
      }
      const metas = [...html.matchAll(/<meta [^>]*>/g)].map(([tag]) => tag);
      expect(metas.join("\n"), `${url} meta tags`).toContain("__xss");
      for (const tag of metas) expect(tag, url).not.toMatch(/<img|<svg|<script/i);
      const title = /<title>(.*?)<\/title>/s.exec(html)?.[1] ?? "";
      expect(title).not.toMatch(/<script/i);
    }
  });

  it("a form sent back with an error echoes the payload as text", async () => {
    const response = await clients.volunteer.post(
      `/app/seja-voluntario?id=${server.accounts.approved.id}`,
      { replyEmail: P.attribute, phone: P.svg, summary: ALL },
    );
    expect(response.status).toBe(400);
    const html = await response.text();
    expectNoLiveMarkup(html, "the echoed form");
    expect(html).toContain("__xss");
  });

  it("the e-mails' HTML parts carry the payloads as text", async () => {
    // The application e-mail to the institution (volunteer's name and message), then the
    // decision e-mail to the volunteer (institution's name) after the institution accepts.
    const withPayloads = async () =>
      (await readMailDir(server.mailDir)).filter((mail) => mail.html.includes("__xss"));
    await waitFor(async () => (await withPayloads()).length >= 1, {
      message: "application e-mail",
    });
    const page = await clients.approved.get("/app/instituicao");
    const requestId = /name="id" value="([0-9a-f-]{36})"/.exec(await page.text())?.[1] ?? "";
    await expectSaved(
      clients.approved.post("/app/instituicao", { intent: "accept", id: requestId }),
    );
    const mails = await waitFor(
      async () => {
        const found = await withPayloads();
        return found.length >= 2 ? found : undefined;
      },
      { message: "decision e-mail" },
    );
    for (const mail of mails) {
      expectNoLiveMarkup(mail.html, `e-mail "${mail.subject}"`);
    }
  });
});
