import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RATE_LIMITS } from "~/security/rate-limit.server";
import { HttpClient, openSignedInBrowser, testIp } from "../helpers/accounts";
import { launchBrowser, watchPageProblems } from "../helpers/browser";
import { type FixtureServer, startFixtureServer } from "../helpers/fixture-server";
import { resetLinkIn, type SmtpSink, startSmtpSink } from "../helpers/mail";

/**
 * Issue 3, password recovery (docs/spec.md 2 "Forgot password" / "Reset password"; docs/design.md 7.3, 8):
 * the e-mail really leaves through SMTP (a real SMTP server on loopback, SMTP_URL set), the link
 * resets the password once, every earlier session ends, and the forgot page answers the same for
 * any e-mail, with the resend button counting down.
 */

let sink: SmtpSink;
let server: FixtureServer<"resetter" | "twin" | "changer" | "renewer" | "locked" | "admin">;
let browser: Browser;

beforeAll(async () => {
  sink = await startSmtpSink();
  [server, browser] = await Promise.all([
    startFixtureServer({
      accounts: {
        resetter: { kind: "volunteer", name: "Renata Dias" },
        twin: { kind: "volunteer", name: "Tereza Nunes" },
        changer: { kind: "volunteer", name: "Caetano Trocas" },
        renewer: { kind: "volunteer", name: "Regina Novais" },
        locked: { kind: "volunteer", name: "Lúcio Travado" },
        admin: { kind: "admin" },
      },
      env: { SMTP_URL: sink.url },
    }),
    launchBrowser(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await sink?.close();
});

function newContext(): Promise<BrowserContext> {
  return browser.newContext({
    locale: "pt-BR",
    extraHTTPHeaders: { "X-Forwarded-For": testIp() },
  });
}

/** The forgot-password form, filled and sent; waits for the "check your e-mail" view. */
async function requestReset(page: Page, email: string): Promise<void> {
  await page.goto(`${server.url}/auth/esqueci-minha-senha`);
  await page.getByRole("heading", { name: "Esqueci minha senha" }).waitFor();
  await page.getByLabel("E-mail", { exact: true }).fill(email);
  await page.getByRole("button", { name: "Enviar link" }).click();
  await page.getByRole("heading", { name: "Verifique seu e-mail" }).waitFor();
}

/** The resend button's countdown values, read until two different ones were seen. */
async function countdownValues(page: Page): Promise<number[]> {
  const button = page.getByRole("button", { name: /^Aguarde \d+s$/ });
  const seen: number[] = [];
  const deadline = Date.now() + 5_000;
  while (seen.length < 2 && Date.now() < deadline) {
    const text = await button.textContent({ timeout: 1_000 });
    expect(await button.isDisabled()).toBe(true);
    const value = Number(text?.match(/\d+/)?.[0]);
    if (seen.at(-1) !== value) seen.push(value);
    await page.waitForTimeout(100);
  }
  return seen;
}

/** The reset form: new password, its confirmation, "Salvar nova senha". */
async function submitNewPassword(page: Page, password: string, confirmation = password) {
  await page.getByLabel("Nova senha", { exact: true }).fill(password);
  await page.getByLabel("Confirme a nova senha", { exact: true }).fill(confirmation);
  await page.getByRole("button", { name: "Salvar nova senha" }).click();
}

const INVALID_LINK = "Este link de redefinição é inválido ou expirou. Peça um novo link.";

describe("forgot password → e-mail → reset", () => {
  it("the link resets the password once; the old password and every earlier session stop working", async () => {
    const who = server.accounts.resetter;
    const newPassword = "recuperada2026";

    // A session opened before the reset, in another browser.
    const otherPage = await openSignedInBrowser(browser, server.url, who, "/app/voluntario");
    await otherPage.getByRole("heading", { name: "Olá, Renata!" }).waitFor();

    const context = await newContext();
    const page = await context.newPage();
    const problems = watchPageProblems(page);
    await page.goto(`${server.url}/auth/login`);
    await page.getByRole("link", { name: "Esqueci minha senha" }).click();
    await page.waitForURL(`${server.url}/auth/esqueci-minha-senha`);
    await requestReset(page, who.email);
    await page.getByText("E-mail de recuperação enviado!", { exact: true }).waitFor();

    const email = await sink.waitForMessage(who.email);
    expect(email.subject).toBe("Redefinição de senha - Conecta Voluntário");
    expect(email.text).toContain("Olá, Renata Dias!");
    expect(email.html).toContain("Redefinir minha senha");
    const link = resetLinkIn(email);
    expect(link?.startsWith(`${server.url}/auth/resetar-senha?token=`)).toBe(true);

    await page.goto(link ?? "");
    await page.getByRole("heading", { name: "Crie uma nova senha" }).waitFor();
    await page.getByRole("button", { name: "Mostrar senha" }).first().waitFor();
    await submitNewPassword(page, newPassword, "outra2026senha");
    await page
      .getByText("As senhas não coincidem. Por favor, verifique.", { exact: true })
      .waitFor();
    await submitNewPassword(page, newPassword);
    await page.getByRole("heading", { name: "Senha atualizada com sucesso!" }).waitFor();
    expect(await page.getByRole("link", { name: "Ir para o login" }).getAttribute("href")).toBe(
      "/auth/login",
    );
    expect(problems()).toEqual([]);

    // The session opened before the reset is gone: its next page load asks to sign in.
    await otherPage.reload();
    expect(new URL(otherPage.url()).pathname).toBe("/auth/login");

    // The old password no longer works; the new one does.
    expect((await new HttpClient(server.url).signIn(who)).status).toBe(401);
    const after = new HttpClient(server.url);
    expect((await after.signIn({ ...who, password: newPassword })).status).toBe(302);

    // The link works once.
    await page.goto(link ?? "");
    await submitNewPassword(page, "terceira2026");
    await page.getByText(INVALID_LINK, { exact: true }).waitFor();
    expect(await page.getByRole("link", { name: "Pedir um novo link" }).getAttribute("href")).toBe(
      "/auth/esqueci-minha-senha",
    );
    expect(
      (await new HttpClient(server.url).signIn({ ...who, password: newPassword })).status,
    ).toBe(302);
    await Promise.all([context.close(), otherPage.context().close()]);
  });

  it("a made-up token is refused", async () => {
    const context = await newContext();
    const page = await context.newPage();
    await page.goto(`${server.url}/auth/resetar-senha?token=inventado123`);
    await submitNewPassword(page, "inventada2026");
    await page.getByText(INVALID_LINK, { exact: true }).waitFor();
    await context.close();
  });
});

/** Asks for a reset on the forgot page over HTTP; returns the token of the e-mail it sends. */
async function tokenFromForgotPage(email: string): Promise<string> {
  const after = sink.messages.filter((message) => message.to.includes(email)).length;
  const response = await new HttpClient(server.url).post("/auth/esqueci-minha-senha", { email });
  expect(response.status).toBe(200);
  return tokenOf(await sink.waitForMessage(email, { after }));
}

function tokenOf(email: Parameters<typeof resetLinkIn>[0]): string {
  const token = new URL(resetLinkIn(email) ?? "").searchParams.get("token");
  if (!token) throw new Error("no reset link in the e-mail");
  return token;
}

/** The reset form posted without JavaScript; the answer's status and text. */
async function postReset(token: string, password: string) {
  const response = await new HttpClient(server.url).post("/auth/resetar-senha", {
    token,
    password,
    confirmPassword: password,
  });
  return { status: response.status, text: await response.text() };
}

describe("outstanding reset links (issue 11)", () => {
  it("reset link dead after a password change", async () => {
    const who = server.accounts.changer;
    const token = await tokenFromForgotPage(who.email);
    // The person remembers the password after all, signs in and changes it.
    const client = new HttpClient(server.url);
    expect((await client.signIn(who)).status).toBe(302);
    const changed = await client.post("/app/atualizar-senha", {
      currentPassword: who.password,
      newPassword: "lembrada2026",
      confirmPassword: "lembrada2026",
    });
    expect(changed.status).toBe(302);
    // The link in the mailbox is worth nothing now.
    const replay = await postReset(token, "invasora2026");
    expect(replay.status).toBe(400);
    expect(replay.text).toContain(INVALID_LINK);
    expect(
      (await new HttpClient(server.url).signIn({ ...who, password: "lembrada2026" })).status,
    ).toBe(302);
  });

  it("older reset link dead after a newer reset (the admin's “Resetar senha”)", async () => {
    const who = server.accounts.renewer;
    const older = await tokenFromForgotPage(who.email);
    const admin = new HttpClient(server.url);
    expect((await admin.signIn(server.accounts.admin, "/admin/login")).status).toBe(302);
    const after = sink.messages.filter((message) => message.to.includes(who.email)).length;
    const sent = await admin.post("/admin/dashboard", {
      intent: "resetar-senha",
      id: who.id,
      origem: "voluntario",
    });
    expect(sent.status).toBe(302);
    const newer = tokenOf(await sink.waitForMessage(who.email, { after }));

    const stale = await postReset(older, "antiga2026senha");
    expect(stale.status).toBe(400);
    expect(stale.text).toContain(INVALID_LINK);
    expect((await postReset(newer, "novinha2026senha")).status).toBe(200);
    expect(
      (await new HttpClient(server.url).signIn({ ...who, password: "novinha2026senha" })).status,
    ).toBe(302);
  });

  it("a reset through the link lifts the sign-in lockout others caused", async () => {
    const who = server.accounts.locked;
    for (let attempt = 0; attempt < RATE_LIMITS.signInFailuresPerAccount.limit; attempt++) {
      const response = await new HttpClient(server.url).signIn({ ...who, password: "errada2026" });
      expect(response.status).toBe(401);
    }
    expect((await new HttpClient(server.url).signIn(who)).status).toBe(429);
    const token = await tokenFromForgotPage(who.email);
    expect((await postReset(token, "liberado2026")).status).toBe(200);
    // A browser that never signed in to the account is let in again at once.
    const fresh = new HttpClient(server.url);
    expect((await fresh.signIn({ ...who, password: "liberado2026" })).status).toBe(302);
    expect(fresh.sessionToken).toBeDefined();
  });
});

describe("the forgot-password page", () => {
  it("answers the same for an unknown e-mail, and the resend button counts down “Aguarde {n}s”", async () => {
    const context = await newContext();
    const page = await context.newPage();
    const unknown = "ninguem.cadastrado@teste.org.br";
    await requestReset(page, unknown);
    const unknownView = await page.getByRole("main").textContent();
    const values = await countdownValues(page);
    expect(values).toHaveLength(2);
    expect(values[0]).toBeLessThanOrEqual(60);
    expect(values[1]).toBeLessThan(values[0] ?? 0);

    // The same words for an existing account (only the e-mail typed differs).
    const known = server.accounts.twin.email;
    await requestReset(page, known);
    const knownView = await page.getByRole("main").textContent();
    expect(knownView?.replace(known, "<e-mail>")).toBe(unknownView?.replace(unknown, "<e-mail>"));

    // Only the existing account gets mail.
    await sink.waitForMessage(known);
    expect(sink.messages.filter((message) => message.to.includes(unknown))).toEqual([]);
    await context.close();
  });
});
