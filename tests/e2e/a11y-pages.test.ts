import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { RATE_LIMITS } from "~/security/rate-limit.server";
import { Sweep, sweepPage } from "../helpers/a11y-sweep";
import { HttpClient, uniqueCnpj, uniqueEmail } from "../helpers/accounts";
import { formSchemaLoaded, launchBrowser } from "../helpers/browser";
import { type FixtureServer, startFixtureServer } from "../helpers/fixture-server";
import { resetLinkIn, waitForMail } from "../helpers/mail";
import { logServerOnFailure, pictures, signedInClient } from "../helpers/members";
import {
  choosePicture,
  chooseProfile,
  fillCredentials,
  fillInstitutionDetails,
  fillVolunteerProfile,
  press,
  waitForStep,
} from "../helpers/signup-wizard";
import { POLL } from "../helpers/wait";

/**
 * axe (WCAG 2.x A/AA rules and best practices) on every page and state a person can reach that
 * the public-site tests do not already sweep (public-pages.test.ts checks the public pages at
 * both widths): sign-in and password pages with their errors and answers, each sign-up step of
 * both profiles empty and with a validation message, the progress screen, the member pages of a
 * volunteer and of institutions pending, approved and rejected with their forms' errors and the
 * cancel dialog, the admin back-office's sections, details, empty states and its confirmation,
 * success and error dialogs, and the error pages (404, too many attempts). Each state is checked
 * at 390 px and 1280 px. One server and one browser for the file; zero violations.
 */
const KEYS = ["volunteer", "pending", "approved", "rejected", "admin", "locked"] as const;
type Key = (typeof KEYS)[number];
let server: FixtureServer<Key>;
let browser: Browser;
const clients = {} as Record<Key, HttpClient>;

beforeAll(async () => {
  server = await startFixtureServer({
    accounts: {
      volunteer: { kind: "volunteer", name: "Renata Teixeira" },
      pending: { kind: "institution", status: "PENDING", name: "Lar Esperança" },
      approved: { kind: "institution", status: "APPROVED", name: "Casa do Caminho" },
      rejected: { kind: "institution", status: "REJECTED", name: "Projeto Recusado" },
      admin: { kind: "admin" },
      locked: { kind: "volunteer", name: "Conta Bloqueada" },
    },
    events: [
      { key: "bazaar", institution: "approved", name: "Bazar Solidário", status: "APPROVED" },
      { key: "fair", institution: "approved", name: "Feira de Troca", status: "PENDING" },
    ],
    applications: [{ key: "application", volunteer: "volunteer", institution: "approved" }],
  });
  browser = await launchBrowser();
  for (const key of ["volunteer", "pending", "approved", "rejected"] as const) {
    clients[key] = await signedInClient(server, server.accounts[key]);
  }
  clients.admin = new HttpClient(server.url);
  const admin = await clients.admin.signIn(server.accounts.admin, "/admin/login");
  if (admin.status !== 302) throw new Error("the admin could not sign in");
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

afterEach(({ task }) => logServerOnFailure(task, server));

/** Opens `path` and waits for its first-level heading (and hydration, through `ready`). */
async function visit(page: Page, path: string, heading?: string | RegExp) {
  await page.goto(`${server.url}${path}`);
  await page.getByRole("heading", { level: 1, name: heading }).first().waitFor();
}

// Each test sweeps many states, two widths each, on a machine that may be busy.
describe("accessibility of every page and state", { timeout: 240_000 }, () => {
  it("sign-in, admin sign-in, forgotten and reset password, with errors and answers", async () => {
    const sweep = new Sweep();
    const { page, problems, close } = await sweepPage(browser);
    for (const door of ["/auth/login", "/admin/login"]) {
      await visit(page, door);
      await sweep.check(page, `${door} empty`);
      await page.getByLabel("E-mail").fill(server.accounts.volunteer.email);
      await page.getByLabel("Senha", { exact: true }).fill("senhaErrada123");
      await page.getByRole("button", { name: "Entrar" }).click();
      await page
        .getByText(/Credenciais inválidas|Acesso negado/)
        .first()
        .waitFor();
      await sweep.check(page, `${door} refused`);
    }

    // Too many attempts: the account's budget of wrong passwords spent from another client,
    // then one more from this browser (no device cookie for the account) at each door: the wait
    // in minutes and the link to a new password.
    const attacker = new HttpClient(server.url);
    for (let attempt = 0; attempt < RATE_LIMITS.signInFailuresPerAccount.limit; attempt++) {
      await attacker.signIn({ email: server.accounts.locked.email, password: "errada12345" });
    }
    for (const door of ["/auth/login", "/admin/login"]) {
      await visit(page, door);
      await page.getByLabel("E-mail").fill(server.accounts.locked.email);
      await page.getByLabel("Senha", { exact: true }).fill("errada12345");
      await page.getByRole("button", { name: "Entrar" }).click();
      await page
        .getByText(/^Muitas tentativas\. Aguarde 1[45] minutos e tente novamente\.$/)
        .waitFor();
      expect(
        await page.getByRole("link", { name: "crie uma nova pelo e-mail" }).getAttribute("href"),
      ).toBe("/auth/esqueci-minha-senha");
      await sweep.check(page, `${door}, too many attempts (429)`);
    }

    await visit(page, "/auth/esqueci-minha-senha", "Esqueci minha senha");
    await sweep.check(page, "forgot password");
    await page.getByLabel("E-mail", { exact: true }).fill("isto não é um e-mail");
    await page.getByRole("button", { name: "Enviar link" }).click();
    await page
      .getByText(/e-mail/i)
      .filter({ hasText: /inválido|válido/ })
      .first()
      .waitFor();
    await sweep.check(page, "forgot password, invalid e-mail");
    await page.getByLabel("E-mail", { exact: true }).fill(server.accounts.volunteer.email);
    await page.getByRole("button", { name: "Enviar link" }).click();
    await page.getByRole("heading", { name: "Verifique seu e-mail" }).waitFor();
    await sweep.check(page, "forgot password, e-mail sent");

    const [mail] = await waitForMail(server.mailDir, server.accounts.volunteer.email, /senha/i);
    const link = mail ? resetLinkIn(mail) : undefined;
    if (!link) throw new Error("no reset link in the e-mail");
    await page.goto(link);
    await page.getByRole("heading", { name: "Crie uma nova senha" }).waitFor();
    await page.getByRole("button", { name: "Mostrar senha" }).first().waitFor();
    await sweep.check(page, "reset password, valid link");
    await page.getByLabel("Nova senha", { exact: true }).fill("novaSenha2026");
    await page.getByLabel("Confirme a nova senha", { exact: true }).fill("outraSenha2026");
    await page.getByRole("button", { name: "Salvar nova senha" }).click();
    await page.getByText("As senhas não coincidem. Por favor, verifique.").waitFor();
    await sweep.check(page, "reset password, passwords differ");
    await page.goto(`${server.url}/auth/resetar-senha?token=inventado123`);
    await page.getByLabel("Nova senha", { exact: true }).fill("novaSenha2026");
    await page.getByLabel("Confirme a nova senha", { exact: true }).fill("novaSenha2026");
    await page.getByRole("button", { name: "Salvar nova senha" }).click();
    await page.getByRole("link", { name: "Pedir um novo link" }).waitFor();
    await sweep.check(page, "reset password, invalid link");

    await close();
    expect(sweep.findings).toEqual([]);
    // Refused posts answer 401, 429 or 400 (Chromium logs those); nothing may crash.
    expect(problems().filter((problem) => problem.startsWith("uncaught"))).toEqual([]);
  });

  it("every sign-up step of both profiles, empty, with a message, and the progress screen", async () => {
    const sweep = new Sweep();
    const files = await pictures();
    for (const profile of ["VOLUNTEER", "INSTITUTION"] as const) {
      const { page, close } = await sweepPage(browser);
      const options = { baseUrl: server.url, js: true };
      // Steps 1 and 2 are the same pages for both profiles: checked once.
      const shared = profile === "INSTITUTION";
      await page.goto(`${server.url}/auth/cadastro`);
      await waitForStep(page, "Escolha o tipo de cadastro", true);
      if (shared) await sweep.check(page, "step 1");
      await chooseProfile(page, profile, options);
      if (shared) {
        await sweep.check(page, "step 2");
        await press(page, "Próximo", true);
        await page.getByText("Informe o e-mail.").waitFor();
        await sweep.check(page, "step 2 with a message");
      }
      await fillCredentials(page, uniqueEmail("a11y"), options);
      if (profile === "VOLUNTEER") {
        await waitForStep(page, "Conte um pouco sobre você", true);
        await sweep.check(page, "VOLUNTEER step 3");
        await press(page, "Criar conta", true);
        await page.getByText("O nome é obrigatório.").waitFor();
        await sweep.check(page, "VOLUNTEER step 3 with a message");
        await fillVolunteerProfile(
          page,
          { name: "Pessoa Acessível", uf: "SP", city: "Campinas", resume: "Gosto de ajudar." },
          true,
        );
        await choosePicture(page, "Foto de perfil", files.photo, true);
        await press(page, "Criar conta", true);
      } else {
        await waitForStep(page, "Dados da instituição", true);
        await sweep.check(page, "INSTITUTION step 3");
        await press(page, "Próximo", true);
        await page.getByText("O nome da instituição é obrigatório.").waitFor();
        await sweep.check(page, "INSTITUTION step 3 with a message");
        await fillInstitutionDetails(
          page,
          { name: "Instituto Acessível", cnpj: uniqueCnpj() },
          options,
        );
        await waitForStep(page, "Perfil da instituição", true);
        await sweep.check(page, "INSTITUTION step 4");
        await press(page, "Criar conta", true);
        await page.getByText("Adicione uma foto de perfil.").waitFor();
        await sweep.check(page, "INSTITUTION step 4 with a message");
      }
      if (profile === "VOLUNTEER") {
        await page.getByRole("progressbar", { name: "Criando sua conta" }).waitFor();
        await sweep.check(page, "progress screen");
      }
      await close();
    }
    expect(sweep.findings).toEqual([]);
  });

  it("a volunteer's pages, their forms' messages and the account deletion prompt", async () => {
    const sweep = new Sweep();
    const { page, problems, close } = await sweepPage(
      browser,
      clients.volunteer.playwrightCookies(),
    );
    await visit(page, "/app/voluntario");
    await sweep.check(page, "volunteer home");
    await visit(page, `/app/seja-voluntario?id=${server.accounts.approved.id}`);
    await sweep.check(page, "apply to an institution");
    await visit(page, "/app/atualizar-voluntario");
    await page.getByRole("button", { name: "Alterar foto" }).first().waitFor();
    await sweep.check(page, "volunteer profile edit");
    await formSchemaLoaded(page);
    await page.getByLabel("Nome", { exact: true }).fill("");
    await page.getByRole("button", { name: "Salvar alterações" }).click();
    await page.getByText("Informe todos os dados").waitFor();
    await sweep.check(page, "volunteer profile edit with a message");
    await visit(page, "/app/atualizar-senha");
    await sweep.check(page, "change password");
    await page.getByLabel("Senha atual", { exact: true }).fill("senhaQualquer1");
    await page.getByLabel("Nova senha", { exact: true }).fill("novaSenha2026");
    await page.getByLabel("Confirme a nova senha", { exact: true }).fill("outraSenha2026");
    await page.getByRole("button", { name: "Salvar nova senha" }).click();
    await page.getByText("As senhas não coincidem ou a nova senha é muito curta.").waitFor();
    await sweep.check(page, "change password with a message");
    await visit(page, "/app/meus-dados", "Meus dados");
    await page.getByRole("button", { name: "Mostrar senha" }).waitFor();
    await sweep.check(page, "my data");
    await page.getByRole("button", { name: "Excluir minha conta" }).click();
    await page.getByText("Informe sua senha para confirmar a exclusão.").waitFor();
    await sweep.check(page, "account deletion asking for the password");
    await close();
    expect(sweep.findings).toEqual([]);
    expect(problems()).toEqual([]);
  });

  it("institutions' status screens, forms, event pages and the cancel dialog", async () => {
    const sweep = new Sweep();
    for (const key of ["pending", "rejected"] as const) {
      const { page, close } = await sweepPage(browser, clients[key].playwrightCookies());
      await visit(page, "/app/instituicao");
      await sweep.check(page, `institution ${key}`);
      await close();
    }
    const { page, problems, close } = await sweepPage(
      browser,
      clients.approved.playwrightCookies(),
    );
    await visit(page, "/app/instituicao");
    await sweep.check(page, "institution approved, with an application");
    await visit(page, "/app/atualizar-instituicao");
    await sweep.check(page, "institution profile edit");
    await formSchemaLoaded(page);
    await page.getByLabel("Resumo", { exact: true }).fill("");
    await page.getByRole("button", { name: "Salvar alterações" }).click();
    await page.getByText("Informe todos os dados").waitFor();
    await sweep.check(page, "institution profile edit with a message");
    await visit(page, "/app/novo-evento", "Criar evento");
    await sweep.check(page, "new event");
    await formSchemaLoaded(page);
    await page.getByRole("button", { name: "Criar evento" }).click();
    await page.getByText("Informe todos os dados").first().waitFor();
    await sweep.check(page, "new event with a message");
    await visit(page, `/app/eventos/${server.ids.fair}/editar`);
    await sweep.check(page, "edit event");
    await visit(page, "/app/instituicao");
    await page.getByRole("link", { name: "Cancelar evento Bazar Solidário" }).click();
    const dialog = page.getByRole("dialog", { name: "Cancelar evento?" });
    await expect.poll(() => dialog.evaluate((node) => node.matches(":modal")), POLL.ui).toBe(true);
    await sweep.check(page, "cancel event dialog");
    await close();
    expect(sweep.findings).toEqual([]);
    expect(problems()).toEqual([]);
  });

  it("the back-office: sections, details, empty states and its dialogs", async () => {
    const sweep = new Sweep();
    const { page, problems, close } = await sweepPage(browser, clients.admin.playwrightCookies());
    const dash = (query: string) => `/admin/dashboard?${query}`;
    // The sections, details and the reset confirmation at both widths are admin-backoffice's
    // (its axe sweep); here the states it does not reach: empty results, the approval
    // confirmation, the list left empty after it, and the error dialog.
    const states: [string, string][] = [
      ["dashboard", dash("secao=dashboard")],
      ["volunteers, nothing found", dash("secao=voluntarios&busca=zzzznada")],
      ["institutions, pending", dash("secao=instituicoes")],
      ["audit, empty", dash("secao=auditoria")],
    ];
    for (const [state, path] of states) {
      await visit(page, path);
      await sweep.check(page, state);
    }
    await visit(page, dash(`secao=instituicao&id=${server.accounts.pending.id}`));
    await page.getByRole("link", { name: "Aprovar" }).click();
    const confirm = page.getByRole("dialog", { name: "Aprovar instituição?" });
    await expect.poll(() => confirm.evaluate((node) => node.matches(":modal")), POLL.ui).toBe(true);
    await sweep.check(page, "confirmation dialog");
    await confirm.getByRole("button", { name: "Aprovar" }).click();
    await page.getByRole("dialog", { name: "Aprovado!" }).waitFor();
    await sweep.check(page, "success dialog");
    await visit(page, dash("secao=instituicoes"));
    await page.getByText("Nenhum cadastro pendente").waitFor();
    await sweep.check(page, "institutions, no pending left");
    // The error dialog: the event is deleted behind the admin's back before they confirm.
    await visit(page, dash(`secao=eventos&id=${server.ids.bazaar}&confirmar=excluir`));
    await page.getByRole("dialog", { name: "Excluir evento?" }).waitFor();
    const gone = await clients.admin.post("/admin/dashboard", {
      intent: "excluir-evento",
      id: server.ids.bazaar ?? "",
    });
    expect(gone.status).toBe(302);
    await page.getByRole("button", { name: "Excluir evento" }).click();
    await page.getByRole("dialog", { name: "Erro" }).waitFor();
    await sweep.check(page, "error dialog");
    await close();
    expect(sweep.findings).toEqual([]);
    // The confirmation of a record already gone is answered 400, with the error dialog.
    const gonePost = (problem: string) =>
      problem.includes("status of 400") || problem.includes("HTTP 400");
    expect(problems().filter((problem) => !gonePost(problem))).toEqual([]);
  });

  it("the error pages", async () => {
    const sweep = new Sweep();
    const { page, close } = await sweepPage(browser);
    const missing = await page.goto(`${server.url}/nao-existe`);
    expect(missing?.status()).toBe(404);
    await page.getByRole("heading", { level: 1, name: "Página não encontrada" }).waitFor();
    await sweep.check(page, "404");
    const guarded = await page.goto(`${server.url}/app/voluntario`);
    expect(new URL(guarded?.url() ?? "").pathname).toBe("/auth/login");
    await close();
    expect(sweep.findings).toEqual([]);
  });
});
