import type { Browser, BrowserContext, Page } from "playwright-core";
import { expect } from "vitest";
import { events } from "~/db/schema";
import type { AccountSpec, SeededAccount } from "../helpers/accounts";
import { type FixtureServer, startFixtureServer } from "../helpers/fixture-server";
import type { EventSeed } from "../helpers/members";
import { POLL } from "../helpers/wait";

/**
 * A server of the admin tests' own: more than 30 volunteers and institutions (so lists have pages),
 * pending and approved institutions, and events in each state the admin acts on.
 */

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
  server: FixtureServer<string>;
  accounts: Record<string, SeededAccount>;
  events: { pendingA: string; pendingB: string; ocaso: string };
}

export async function startAdminWorld(): Promise<AdminWorld> {
  const event = (name: string, institutionId: string, status: EventSeed["status"]) => ({
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
  let ids: string[] = [];
  const server = await startFixtureServer({
    accounts: adminSpecs(),
    beforeStart: async (db, accounts) => {
      const inst01 = accounts.inst01?.id ?? "";
      const rows = await db
        .insert(events)
        .values([
          event("Mutirão Aprovável", inst01, "PENDING"),
          event("Bazar Reprovável", inst01, "PENDING"),
          event("Festa da Ocaso", accounts.ocaso?.id ?? "", "APPROVED"),
        ])
        .returning({ id: events.id });
      ids = rows.map((row) => row.id);
    },
  });
  return {
    server,
    accounts: server.accounts,
    events: { pendingA: ids[0] ?? "", pendingB: ids[1] ?? "", ocaso: ids[2] ?? "" },
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

/** Picks a rejection's reason in the open "Reprovar …?" dialog (the first common one). */
export async function chooseReason(page: Page, dialogName: string, details?: string) {
  const dialog = page.getByRole("dialog", { name: dialogName });
  await expect.poll(() => dialog.evaluate((node) => node.matches(":modal")), POLL.ui).toBe(true);
  await dialog.getByRole("radio").first().check();
  if (details) await dialog.getByLabel(/Detalhes para a instituição/).fill(details);
}

/** Waits for a confirmation dialog to be modal and presses its button. */
export async function confirmIn(page: Page, dialogName: string, button: string) {
  const dialog = page.getByRole("dialog", { name: dialogName });
  await expect.poll(() => dialog.evaluate((node) => node.matches(":modal")), POLL.ui).toBe(true);
  await dialog.getByRole("button", { name: button }).click();
}

/** Waits for a result dialog (with `message` when given) and closes it with OK. */
export async function expectResult(page: Page, title: string, message?: string) {
  const dialog = page.getByRole("dialog", { name: title });
  await dialog.waitFor();
  if (message) await expect.poll(() => dialog.textContent(), POLL.server).toContain(message);
  await dialog.getByRole("button", { name: "OK" }).click();
  await dialog.waitFor({ state: "detached" });
}

/** Fills the audit section's filters (empty for any not given) and sends them. */
export async function filterAudit(
  page: Page,
  fields: { quem?: string; acao?: string; de?: string; ate?: string },
) {
  await page.getByLabel("Quem", { exact: true }).fill(fields.quem ?? "");
  await page
    .getByLabel("Ação", { exact: true })
    .selectOption({ label: fields.acao ?? "Todas as ações" });
  await page.getByLabel("De", { exact: true }).fill(fields.de ?? "");
  await page.getByLabel("Até", { exact: true }).fill(fields.ate ?? "");
  const before = page.url();
  await page.getByRole("button", { name: "Filtrar" }).click();
  await expect.poll(() => page.url(), POLL.server).not.toBe(before);
  await page.getByRole("heading", { level: 1, name: "Auditoria" }).waitFor();
}
