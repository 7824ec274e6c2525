import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { expect } from "vitest";
import { closeDatabase, openDatabase } from "~/db/client.server";
import { events } from "~/db/schema";
import { type AccountSpec, type SeededAccount, seedAccounts } from "../helpers/accounts";
import { type ReceivedEmail, readMailDir } from "../helpers/mail";
import { type RunningServer, startServer } from "../helpers/server";
import { waitFor } from "../helpers/wait";

/**
 * A server of the admin tests' own: more than 30 volunteers and institutions (so lists have pages),
 * pending and approved institutions, and events in each state the admin acts on.
 */

export const ADMIN_SHOTS_DIR = "/tmp/shots-admin";

const inDays = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

export function adminSpecs() {
  const specs: Record<string, AccountSpec> = {
    admin: { kind: "admin", name: "Administração de Teste" },
    accented: { kind: "volunteer", name: "João Ribeirão Acentuado" },
    doomed: { kind: "volunteer", name: "Voluntária Excluída Teste" },
    resettable: { kind: "volunteer", name: "Voluntário Senha Esquecida" },
    aurora: { kind: "institution", status: "PENDING", name: "Instituição Aurora" },
    boreal: { kind: "institution", status: "PENDING", name: "Instituição Boreal" },
    ocaso: { kind: "institution", status: "APPROVED", name: "Instituição Ocaso" },
  };
  // 42 volunteers (5 pages, so the 4-number window moves) and 35 institutions.
  for (let i = 1; i <= 39; i++) {
    const n = String(i).padStart(2, "0");
    specs[`vol${n}`] = { kind: "volunteer", name: `Pessoa Voluntária ${n}` };
    if (i <= 32) {
      specs[`inst${n}`] = {
        kind: "institution",
        status: "APPROVED",
        name: `Instituição Apoio ${n}`,
      };
    }
  }
  return specs;
}

export interface AdminWorld {
  server: RunningServer;
  dataDir: string;
  accounts: Record<string, SeededAccount>;
  events: { pendingA: string; pendingB: string; ocaso: string };
  /** Stops the server and opens its database here (close with closeDatabase()). */
  stopAndOpen: () => ReturnType<typeof openDatabase>;
  cleanup: () => Promise<void>;
}

export async function startAdminWorld(): Promise<AdminWorld> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "conecta-admin-"));
  const accounts = await seedAccounts(dataDir, adminSpecs());
  const database = await openDatabase({ dataDir });
  const event = (name: string, institutionId: string, status: string) => ({
    name,
    institutionId,
    status,
    eventDate: inDays(30),
    resume: "Um evento criado para os testes do painel administrativo.",
    about: "Descrição do evento criado para os testes do painel administrativo.",
    street: "Rua do Teste",
    number: "10",
    neighborhood: "Centro",
    city: "Rio de Janeiro",
    state: "RJ",
  });
  const inst01 = accounts.inst01?.id ?? "";
  const rows = await database
    .insert(events)
    .values([
      event("Mutirão Aprovável", inst01, "PENDING"),
      event("Bazar Reprovável", inst01, "PENDING"),
      event("Festa da Ocaso", accounts.ocaso?.id ?? "", "APPROVED"),
    ])
    .returning({ id: events.id });
  await closeDatabase();
  const server = await startServer({ dataDir, env: { TRUST_PROXY: "true" } });
  return {
    server,
    dataDir,
    accounts,
    events: { pendingA: rows[0]?.id ?? "", pendingB: rows[1]?.id ?? "", ocaso: rows[2]?.id ?? "" },
    stopAndOpen: async () => {
      await server.stop();
      return openDatabase({ dataDir });
    },
    cleanup: async () => {
      if (server.process.exitCode === null) await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export async function signInPage(
  browser: Browser,
  baseUrl: string,
  account: { email: string; password: string },
  door: "/admin/login" | "/auth/login",
  viewport = { width: 1280, height: 900 },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await page.goto(`${baseUrl}${door}`);
  await page.getByLabel("E-mail").fill(account.email);
  await page.getByLabel("Senha", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Entrar" }).click();
  await page.waitForURL((url) => !url.pathname.endsWith("/login"));
  return { context, page };
}

export async function expectNoAxeViolations(page: Page, what: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const violations = results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
  );
  expect(violations, what).toEqual([]);
}

/** Waits for an e-mail to `to` whose subject contains `subject`. */
export function waitForMail(dataDir: string, to: string, subject: string): Promise<ReceivedEmail> {
  return waitFor(
    async () =>
      (await readMailDir(path.join(dataDir, "mail"))).find(
        (mail) => mail.to.includes(to) && mail.subject.includes(subject),
      ),
    { timeoutMs: 15_000, message: `e-mail "${subject}" to ${to}` },
  );
}

/** Waits for a confirmation dialog to be modal and presses its button. */
export async function confirmIn(page: Page, dialogName: string, button: string) {
  const dialog = page.getByRole("dialog", { name: dialogName });
  await expect.poll(() => dialog.evaluate((node) => node.matches(":modal"))).toBe(true);
  await dialog.getByRole("button", { name: button }).click();
}

/** Waits for a result dialog (with `message` when given) and closes it with OK. */
export async function expectResult(page: Page, title: string, message?: string) {
  const dialog = page.getByRole("dialog", { name: title });
  await dialog.waitFor();
  if (message) await expect.poll(() => dialog.textContent()).toContain(message);
  await dialog.getByRole("link", { name: "OK" }).click();
  await dialog.waitFor({ state: "detached" });
}
