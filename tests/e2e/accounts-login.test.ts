import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  HttpClient,
  openSignedInBrowser,
  redirectTarget,
  SESSION_COOKIE,
  type SeededAccount,
  testIp,
} from "../helpers/accounts";
import { launchBrowser, watchPageProblems } from "../helpers/browser";
import { type FixtureServer, startFixtureServer } from "../helpers/fixture-server";
import { routeExists } from "../helpers/routes";

/**
 * Issue 3, signing in and out (docs/spec.md 2 "Login", 8 "Login"; docs/design.md 7-8): /auth/login and its
 * redirects, the remembered origin, the error texts, the admin door, logout, and the change of
 * password that ends the account's other sessions. One server with fixture accounts; each test
 * uses its own accounts and client address, so the sign-in rate limits never interfere.
 */

const ACCOUNTS = {
  helena: { kind: "volunteer", name: "Helena Moreira" },
  origin: { kind: "volunteer", name: "Otávio Ramos" },
  hostile: { kind: "volunteer", name: "Hugo Prado" },
  wrong: { kind: "volunteer", name: "Wagner Lima" },
  doorVolunteer: { kind: "volunteer", name: "Dora Vieira" },
  logout: { kind: "volunteer", name: "Lúcia Campos" },
  changer: { kind: "volunteer", name: "Carla Mendes" },
  noJs: { kind: "volunteer", name: "Nina Souza" },
  cookie: { kind: "volunteer", name: "Caio Teles" },
  pending: { kind: "institution", status: "PENDING", name: "Recanto das Flores" },
  approved: { kind: "institution", status: "APPROVED", name: "Lar São Vicente" },
  admin: { kind: "admin", name: "Ana Administradora" },
} as const;

let server: FixtureServer<keyof typeof ACCOUNTS>;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startFixtureServer({ accounts: ACCOUNTS }),
    launchBrowser(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const account = (key: keyof typeof ACCOUNTS): SeededAccount => server.accounts[key];

/** A new browser (context) of its own client address, on `pathAndQuery` if given. */
async function openPage(pathAndQuery?: string, js = true): Promise<Page> {
  const context = await browser.newContext({
    locale: "pt-BR",
    javaScriptEnabled: js,
    extraHTTPHeaders: { "X-Forwarded-For": testIp() },
  });
  const page = await context.newPage();
  if (pathAndQuery) await page.goto(`${server.url}${pathAndQuery}`);
  return page;
}

async function sessionCookie(context: BrowserContext) {
  return (await context.cookies(server.url)).find((cookie) => cookie.name === SESSION_COOKIE);
}

/**
 * Fills a login form (the page must show it) and presses "Entrar". With JavaScript the button
 * is enabled only once both fields are filled (docs/spec.md 5), which also tells the page is ready.
 */
async function submitLogin(page: Page, who: { email: string; password: string }, js = true) {
  const button = page.getByRole("button", { name: "Entrar" });
  if (js) {
    await page.getByRole("button", { name: "Mostrar senha" }).waitFor();
    expect(await button.isDisabled()).toBe(true);
  }
  await page.getByLabel("E-mail", { exact: true }).fill(who.email);
  await page.getByLabel("Senha", { exact: true }).fill(who.password);
  await button.click();
}

function pathAndQuery(page: Page): string {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
}

// The tests are independent (each its own accounts, client address and browser context), so
// they run at once.
describe.concurrent("signing in and out", () => {
  describe("login page (/auth/login)", () => {
    it("offers the spec's header links and the forgot-password link", async () => {
      const page = await openPage();
      const problems = watchPageProblems(page);
      await page.goto(`${server.url}/auth/login`);
      const nav = page.getByRole("navigation", { name: "Navegação do cadastro" });
      expect(await nav.getByRole("link", { name: "Criar nova conta" }).getAttribute("href")).toBe(
        "/auth/cadastro",
      );
      expect(await nav.getByRole("link", { name: "Página inicial" }).getAttribute("href")).toBe(
        "/",
      );
      expect(
        await page.getByRole("link", { name: "Esqueci minha senha" }).getAttribute("href"),
      ).toBe("/auth/esqueci-minha-senha");
      await page.getByRole("button", { name: "Mostrar senha" }).waitFor();
      expect(await page.getByRole("button", { name: "Entrar" }).isDisabled()).toBe(true);
      await page.getByLabel("E-mail", { exact: true }).fill("alguem@teste.org.br");
      expect(await page.getByRole("button", { name: "Entrar" }).isDisabled()).toBe(true);
      await page.getByLabel("Senha", { exact: true }).fill("x");
      expect(await page.getByRole("button", { name: "Entrar" }).isDisabled()).toBe(false);
      expect(problems()).toEqual([]);
      await page.context().close();
    });

    it("a volunteer lands on /app/voluntario, signed in", async () => {
      const page = await openPage("/auth/login");
      await submitLogin(page, account("helena"));
      await page.waitForURL(`${server.url}/app/voluntario`);
      await page.getByRole("heading", { name: "Olá, Helena!" }).waitFor();
      // The header shows who is signed in and links to their home.
      const badge = page.getByRole("banner").getByRole("link", { name: /Helena Moreira/ });
      expect(await badge.getAttribute("href")).toBe("/app/voluntario");
      // Within the badge: the phone menu (hidden at this width) repeats the e-mail.
      expect(await badge.getByText(account("helena").email).isVisible()).toBe(true);
      await page.context().close();
    });

    it.each([
      ["pending", true],
      ["approved", false],
    ] as const)("an institution (%s) lands on /app/instituicao", async (key, underReview) => {
      const page = await openPage("/auth/login");
      await submitLogin(page, account(key));
      await page.waitForURL(`${server.url}/app/instituicao`);
      await page.getByRole("heading", { name: account(key).name, level: 1 }).waitFor();
      // Pending: the review screen. Approved: the management menu instead (docs/spec.md 2).
      expect(await page.getByRole("heading", { name: "Cadastro em análise" }).count()).toBe(
        underReview ? 1 : 0,
      );
      expect((await page.getByRole("link", { name: /Criar evento/ }).count()) > 0).toBe(
        !underReview,
      );
      await page.context().close();
    });

    it("a guarded page sends to login remembering path and query; after login only a seja-voluntario origin is honoured", async () => {
      const page = await openPage("/app/atualizar-senha?de=menu");
      expect(pathAndQuery(page)).toBe(
        `/auth/login?redirectTo=${encodeURIComponent("/app/atualizar-senha?de=menu")}`,
      );
      await submitLogin(page, account("origin"));
      // docs/spec.md 2: any origin but the application form gives way to the profile's home.
      await page.waitForURL(`${server.url}/app/voluntario`);
      await page.context().close();
    });

    it("after login, a remembered /app/seja-voluntario?id=... origin is where the person goes back", async () => {
      const target = `/app/seja-voluntario?id=${account("approved").id}`;
      const page = await openPage(`/auth/login?redirectTo=${encodeURIComponent(target)}`);
      await submitLogin(page, account("origin"));
      await page.waitForURL(`${server.url}${target}`);
      await page.context().close();
    });

    // TODO(seja-voluntario): runs by itself once app/routes.ts has the application form route.
    it.runIf(routeExists("app/seja-voluntario"))(
      "visiting /app/seja-voluntario?id=... signed out: login, then back to the form",
      async () => {
        const target = `/app/seja-voluntario?id=${account("approved").id}`;
        const page = await openPage(target);
        expect(pathAndQuery(page)).toBe(`/auth/login?redirectTo=${encodeURIComponent(target)}`);
        await submitLogin(page, account("origin"));
        await page.waitForURL(`${server.url}${target}`);
        expect(await page.getByRole("heading", { level: 1 }).count()).toBeGreaterThan(0);
        await page.context().close();
      },
    );

    it.each([
      "https://malicioso.example/app/seja-voluntario",
      "//malicioso.example/app/seja-voluntario",
      "/app/voluntario/../seja-voluntario-falso",
    ])("an origin that is not our application form (%s) is ignored", async (redirectTo) => {
      const client = new HttpClient(server.url);
      const response = await client.signIn(account("hostile"), "/auth/login", { redirectTo });
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("/app/voluntario");
    });

    // Issue 11: a return address that once reached the Location header as it came (a line break
    // there was a 500 after a right password), and others of its family.
    /** The login page carries on only a return address it would honour. */
    async function expectLoginPageDrops(redirectTo: string): Promise<void> {
      const page = await new HttpClient(server.url).get(
        `/auth/login?redirectTo=${encodeURIComponent(redirectTo)}`,
      );
      expect(page.status).toBe(200);
      expect(await page.text()).not.toContain('name="redirectTo"');
    }

    const form = `/app/seja-voluntario?id=${"0".repeat(8)}-0000-4000-8000-${"0".repeat(12)}`;
    it.each([
      ["a CR LF", `${form}\r\nSet-Cookie: x=1`],
      ["a percent-encoded CR LF", "/app/seja-voluntario%0d%0aX"],
      ["a control character", `${form}\u001b[31m`],
      ["a Unicode line separator", `${form}\u2028`],
      ["a backslash authority", `/\\malicioso.example${form}`],
      ["javascript:", "javascript:alert(document.cookie)"],
      ["an encoded protocol-relative address", "%2F%2Fmalicioso.example"],
      ["a look-alike path", `/app/seja-voluntario-falso?id=${form.split("=")[1]}`],
      ["2 000 characters", `${form}&x=${"a".repeat(2_000)}`],
    ])(
      "hostile redirectTo never 500: %s is ignored, the person goes home",
      async (_label, redirectTo) => {
        await expectLoginPageDrops(redirectTo);
        // A post that carries it anyway.
        const client = new HttpClient(server.url);
        const response = await client.signIn(account("hostile"), "/auth/login", { redirectTo });
        expect(response.status).toBe(302);
        expect(response.headers.get("location")).toBe("/app/voluntario");
      },
    );

    it("hostile redirectTo never 500: 10 000 characters are ignored in the address, and a sign-in post that large is refused before it is read", async () => {
      const redirectTo = `${form}&x=${"a".repeat(10_000)}`;
      await expectLoginPageDrops(redirectTo);
      // The sign-in form's body limit (server/request-body.ts, 8 KB) refuses the post unparsed.
      const client = new HttpClient(server.url);
      const response = await client.signIn(account("hostile"), "/auth/login", { redirectTo });
      expect(response.status).toBe(413);
      expect(await response.text()).toContain("O envio é grande demais para este formulário.");
      expect(client.sessionToken).toBeUndefined();
    });

    it("hostile redirectTo never 500: a NUL is ignored in the address, and a form carrying one is refused whole", async () => {
      const redirectTo = `${form}\u0000`;
      await expectLoginPageDrops(redirectTo);
      // No one types a NUL: the post is unreadable (read-form-data.server.ts), checked for nothing.
      const client = new HttpClient(server.url);
      const response = await client.signIn(account("hostile"), "/auth/login", { redirectTo });
      expect(response.status).toBe(400);
      expect(client.sessionToken).toBeUndefined();
    });

    it("the application form's return address survives the login page as it came", async () => {
      const target = `/app/seja-voluntario?id=${account("approved").id}`;
      const page = await new HttpClient(server.url).get(
        `/auth/login?redirectTo=${encodeURIComponent(target)}`,
      );
      expect(await page.text()).toContain(
        `name="redirectTo" value="${target.replace("&", "&amp;")}"`,
      );
      const response = await new HttpClient(server.url).signIn(account("hostile"), "/auth/login", {
        redirectTo: target,
      });
      expect(response.headers.get("location")).toBe(target);
    });

    it("a wrong password or an unknown e-mail: “Credenciais inválidas...”, and no session", async () => {
      const page = await openPage("/auth/login");
      const message = page.getByText("Credenciais inválidas. Verifique seu e-mail e senha.", {
        exact: true,
      });
      await submitLogin(page, { email: account("wrong").email, password: "senhaErrada123" });
      await message.waitFor();
      expect(new URL(page.url()).pathname).toBe("/auth/login");
      // The typed e-mail stays; the password does not.
      expect(await page.getByLabel("E-mail", { exact: true }).inputValue()).toBe(
        account("wrong").email,
      );
      await page.getByLabel("E-mail", { exact: true }).fill("ninguem.aqui@teste.org.br");
      await page.getByLabel("Senha", { exact: true }).fill("qualquer1234");
      await page.getByRole("button", { name: "Entrar" }).click();
      await message.waitFor();
      expect(await sessionCookie(page.context())).toBeUndefined();
      await page.context().close();
    });

    it("works without JavaScript: the same message, then the same redirect", async () => {
      const page = await openPage("/auth/login", false);
      await submitLogin(page, { email: account("noJs").email, password: "senhaErrada123" }, false);
      await page
        .getByText("Credenciais inválidas. Verifique seu e-mail e senha.", { exact: true })
        .waitFor();
      await page.getByLabel("Senha", { exact: true }).fill(account("noJs").password);
      await page.getByRole("button", { name: "Entrar" }).click();
      await page.waitForURL(`${server.url}/app/voluntario`);
      await page.getByRole("heading", { name: "Olá, Nina!" }).waitFor();
      await page.context().close();
    });

    it("the session cookie is HttpOnly, SameSite=Lax, one hour, and new at every sign-in", async () => {
      const first = new HttpClient(server.url);
      const response = await first.signIn(account("cookie"));
      expect(response.status).toBe(302);
      const cookie = response.headers
        .getSetCookie()
        .find((header) => header.startsWith(`${SESSION_COOKIE}=`));
      expect(cookie).toMatch(/; HttpOnly/);
      expect(cookie).toMatch(/; SameSite=Lax/);
      expect(cookie).toMatch(/; Path=\//);
      expect(cookie).toMatch(/; Max-Age=3600/);
      const second = new HttpClient(server.url);
      await second.signIn(account("cookie"));
      expect(second.sessionToken).toBeDefined();
      expect(second.sessionToken).not.toBe(first.sessionToken);
    });
    it("the device cookie (issue 11): HttpOnly, SameSite=Lax, 180 days, sent only to the sign-in doors", async () => {
      const page = await openPage("/auth/login");
      await submitLogin(page, account("cookie"));
      await page.waitForURL(`${server.url}/app/voluntario`);
      const deviceCookie = async (path: string) =>
        (await page.context().cookies(`${server.url}${path}`)).find(
          (cookie) => cookie.name === "conecta.device",
        );
      for (const door of ["/auth/login", "/admin/login"]) {
        const cookie = await deviceCookie(door);
        expect(cookie, door).toBeDefined();
        expect(cookie?.httpOnly).toBe(true);
        expect(cookie?.sameSite).toBe("Lax");
        const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
        expect(days).toBeGreaterThan(179);
        expect(days).toBeLessThanOrEqual(180);
      }
      // Public pages stay cookie-less for a signed-out visitor (and cacheable, ADR 0008).
      for (const path of ["/", "/instituicoes", "/eventos", "/app/voluntario"]) {
        expect(await deviceCookie(path), path).toBeUndefined();
      }
      await page.context().close();
    });
  });

  describe("the wrong door, and the admin door", () => {
    it.each([
      ["an admin", "/auth/login", "admin", "Perfil desconhecido. Não foi possível redirecionar."],
      [
        "a volunteer",
        "/admin/login",
        "doorVolunteer",
        "Perfil não autorizado. Acesse a tela principal.",
      ],
    ] as const)(
      "%s at %s: the spec's refusal, no session, guarded pages still send to login",
      async (_who, door, key, message) => {
        const page = await openPage(door);
        await submitLogin(page, account(key));
        await page.getByText(message, { exact: true }).waitFor();
        expect(new URL(page.url()).pathname).toBe(door);
        expect(await sessionCookie(page.context())).toBeUndefined();
        await page.goto(`${server.url}/app/voluntario`);
        expect(pathAndQuery(page)).toBe(
          `/auth/login?redirectTo=${encodeURIComponent("/app/voluntario")}`,
        );
        await page.context().close();
      },
    );

    it("an admin is signed in and sent to /admin/dashboard", async () => {
      const client = new HttpClient(server.url);
      const response = await client.signIn(account("admin"), "/admin/login");
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("/admin/dashboard");
      expect(client.sessionToken).toBeDefined();
      // Signed in, the admin has no business on the user pages (docs/spec.md 2, route guards).
      expect(await redirectTarget(await client.get("/app/voluntario"))).toBe("/");
    });
  });

  describe("logout", () => {
    it("“Sair” ends the session on the server: “Logout realizado com sucesso.”, the old cookie is worthless", async () => {
      const client = new HttpClient(server.url);
      await client.signIn(account("logout"));
      const oldToken = client.sessionToken;
      const page = await client.openInBrowser(browser, "/app/voluntario");
      await page.getByRole("heading", { name: "Olá, Lúcia!" }).waitFor();
      await page.getByRole("button", { name: /^Sair/ }).click();
      await page.getByText("Logout realizado com sucesso.", { exact: true }).waitFor();
      expect(new URL(page.url()).pathname).toBe("/");
      expect(await page.getByRole("banner").getByRole("link", { name: "Entrar" }).isVisible()).toBe(
        true,
      );
      // Replaying the old cookie: the server no longer knows that session.
      expect(oldToken).toBeDefined();
      const replay = await client.get("/app/voluntario");
      expect(await redirectTarget(replay)).toBe(
        `/auth/login?redirectTo=${encodeURIComponent("/app/voluntario")}`,
      );
      await page.context().close();
    });
  });

  describe("change password (/app/atualizar-senha)", () => {
    it("checks the current password, then ends the other browser's session and keeps this one", async () => {
      const who = account("changer");
      const newPassword = "novaSenha2026";

      // Another browser, signed in before the change.
      const otherPage = await openSignedInBrowser(browser, server.url, who, "/app/voluntario");
      await otherPage.getByRole("heading", { name: "Olá, Carla!" }).waitFor();

      // This browser signs in and changes the password.
      const page = await openPage();
      const problems = watchPageProblems(page);
      await page.goto(`${server.url}/auth/login`);
      await submitLogin(page, who);
      await page.waitForURL(`${server.url}/app/voluntario`);
      await page.getByRole("link", { name: /Alterar senha/ }).click();
      await page.waitForURL(`${server.url}/app/atualizar-senha`);
      await page.getByRole("heading", { name: "Alterar senha" }).waitFor();
      expect(
        await page
          .getByText("sua conta será desconectada de todos os outros dispositivos", {
            exact: false,
          })
          .isVisible(),
      ).toBe(true);
      const save = page.getByRole("button", { name: "Salvar nova senha" });
      await page.getByRole("button", { name: "Mostrar senha" }).first().waitFor();
      expect(await save.isDisabled()).toBe(true);

      await page.getByLabel("Senha atual", { exact: true }).fill("naoEhEssa2026");
      await page.getByLabel("Nova senha", { exact: true }).fill(newPassword);
      await page.getByLabel("Confirme a nova senha", { exact: true }).fill(newPassword);
      await save.click();
      await page.getByText("Senha atual inválida.", { exact: true }).waitFor();

      await page.getByLabel("Senha atual", { exact: true }).fill(who.password);
      await page.getByLabel("Nova senha", { exact: true }).fill(newPassword);
      await page.getByLabel("Confirme a nova senha", { exact: true }).fill("outraCoisa2026");
      await save.click();
      await page
        .getByText("As senhas não coincidem ou a nova senha é muito curta.", { exact: true })
        .waitFor();

      await page.getByLabel("Confirme a nova senha", { exact: true }).fill(newPassword);
      await save.click();
      await page.getByText("Senha atualizada com sucesso!", { exact: true }).waitFor();
      expect(new URL(page.url()).pathname).toBe("/app/voluntario");
      // This browser stays signed in, also on a fresh page load.
      await page.reload();
      await page.getByRole("heading", { name: "Olá, Carla!" }).waitFor();
      // The two refusals above are answered 400 (and Chromium logs them); nothing else failed.
      expect(
        problems().filter((problem) => !problem.includes("/app/atualizar-senha.data")),
      ).toEqual([]);

      // The other browser's next page: the menu link (a client-side navigation) and a reload
      // both end on the login page, remembering where the person was going.
      await otherPage.getByRole("link", { name: /Alterar senha/ }).click();
      await otherPage.waitForURL(/\/auth\/login/);
      expect(pathAndQuery(otherPage)).toBe(
        `/auth/login?redirectTo=${encodeURIComponent("/app/atualizar-senha")}`,
      );
      await otherPage.goto(`${server.url}/app/voluntario`);
      expect(new URL(otherPage.url()).pathname).toBe("/auth/login");

      // The new password opens a session; the old one no longer does.
      const withOld = await new HttpClient(server.url).signIn(who);
      expect(withOld.status).toBe(401);
      const withNew = await new HttpClient(server.url).signIn({ ...who, password: newPassword });
      expect(withNew.status).toBe(302);
      await Promise.all([page.context().close(), otherPage.context().close()]);
    });
  });
});
