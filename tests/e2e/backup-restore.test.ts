import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { sizeText } from "~/components/admin/backup-status";
import { DEMO_PASSWORD } from "~/seed/passwords.server";
import { HttpClient, SESSION_COOKIE } from "../helpers/accounts";
import { expectNoStackTrace } from "../helpers/assertions";
import { backupFilesIn, manifestOf, runOperatorCommand, tableRowsOf } from "../helpers/backup-cli";
import { checksumsOf, sha256sumCheck, truncatedCopy } from "../helpers/backups";
import { launchBrowser } from "../helpers/browser";
import { migratedDataDir } from "../helpers/data-dir";
import { logServerOnFailure } from "../helpers/members";
import { pdfText } from "../helpers/pdf";
import {
  createScratchDatabase,
  type ScratchDatabase,
  skipWithoutPostgres,
} from "../helpers/postgres";
import { type RunningServer, startServer } from "../helpers/server";
import { waitFor } from "../helpers/wait";

/**
 * Issue 40, items 1-3, as an operator meets them, through the commands themselves and real
 * servers: a development server on an embedded DATA_DIR writes the demo on its first start and,
 * with BACKUP_INTERVAL set, backs itself up at once, which its admin sees on the dashboard;
 * `npm run backup` copies its live database while it keeps answering (every request succeeds);
 * `npm run restore` puts the file into a new DATA_DIR with every table as the manifest says, and
 * the demo volunteer who holds a certificate signs in there and downloads the same PDF bytes;
 * `npm run db:move` carries the database into PostgreSQL, where the session from before the move
 * still works, and back into a new DATA_DIR with every table identical (with TEST_DATABASE_URL);
 * and a cut file or a DATA_DIR that holds a database is refused in one line, the target as it was.
 *
 * The steps share one story, in order. The restored server and the one on PostgreSQL listen on
 * the first server's port, so they have its BASE_URL: the PDFs kept in the database were rendered
 * for that address (ADR 0071), and an operator restores a site at its own address.
 */

const withPostgres = !skipWithoutPostgres();

let root: string;
let sourceDir: string;
/** Where the first server's scheduled backups go, and where `npm run backup` writes. */
let scheduledDir: string;
let manualDir: string;
let restoredDir: string;
let browser: Browser;
/** The server the current step talks to (stopped by the next step, or after all). */
let server: RunningServer | undefined;
let sourcePort = 0;
let scratch: ScratchDatabase | undefined;

/** The demo's admin (one-time password printed at the first start) and example volunteer. */
let admin = { email: "", password: "" };
let volunteer = { email: "", password: DEMO_PASSWORD };
/** The volunteer, signed in on the first server before its backup. */
let volunteerClient: HttpClient;
/** Their certificate's and accepted termos' PDFs, as the first server sent them. */
const pdfs = new Map<string, Buffer>();
let backupFile = "";

/**
 * The box a first start prints (app/seed/demo-seed.server.ts): the admin's e-mail and one-time
 * password, and the example volunteer, the demo's holder of a certificate.
 */
function demoAccounts(logs: string) {
  const adminMatch = /Admin de demonstração: e-mail (\S+)[\s│]+senha\s+(\S+)/.exec(logs);
  const volunteerMatch = /e\.g\. \S+ or (\S+?)\.\s/.exec(logs);
  if (!adminMatch?.[1] || !adminMatch[2] || !volunteerMatch?.[1]) {
    throw new Error(`the first start printed no demo accounts:\n${logs}`);
  }
  return {
    admin: { email: adminMatch[1], password: adminMatch[2] },
    volunteer: { email: volunteerMatch[1], password: DEMO_PASSWORD },
  };
}

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), "conecta-backup-e2e-"));
  scheduledDir = path.join(root, "scheduled");
  manualDir = path.join(root, "manual");
  restoredDir = path.join(root, "restored");
  // A migrated but empty database: a development server writes the demo on it at its start.
  sourceDir = await migratedDataDir();
  [server, browser] = await Promise.all([
    startServer({
      dataDir: sourceDir,
      env: { BACKUP_INTERVAL: "1h", BACKUP_DIR: scheduledDir },
    }),
    launchBrowser(),
  ]);
  sourcePort = server.port;
  ({ admin, volunteer } = demoAccounts(server.logs()));
}, 300_000);

afterEach(({ task }) => logServerOnFailure(task, server));

afterAll(async () => {
  await server?.stop();
  await browser?.close();
  await scratch?.drop();
  if (sourceDir) await rm(sourceDir, { recursive: true, force: true });
  if (root) await rm(root, { recursive: true, force: true });
});

/** Certificate and termo PDFs the volunteer can download: the certificates', the accepted termos'. */
async function keptPdfPaths(client: HttpClient): Promise<string[]> {
  const certificates = await (await client.get("/app/certificados")).text();
  const certificatePaths = [
    ...new Set(certificates.match(/\/app\/certificados\/[0-9a-f-]{36}\/certificado\.pdf/g) ?? []),
  ];
  // A termo is kept once accepted; one still waiting is drawn again at each download.
  const termos = await (await client.get("/app/termos")).text();
  const acceptedPaths = termos
    .split("<li")
    .filter((item) => item.replace(/<[^>]*>/g, "").includes("Situação: Aceito"))
    .flatMap((item) => item.match(/\/app\/termos\/[0-9a-f-]{36}\/termo\.pdf/g) ?? []);
  return [...certificatePaths, ...new Set(acceptedPaths)];
}

async function downloadPdf(client: HttpClient, pdfPath: string): Promise<Buffer> {
  const response = await client.get(pdfPath);
  expect(response.status, pdfPath).toBe(200);
  expect(response.headers.get("content-type")).toBe("application/pdf");
  return Buffer.from(await response.arrayBuffer());
}

describe("backups, restores and moves of a serving platform", () => {
  it("backs itself up at its start when BACKUP_INTERVAL is set, and its admin sees the result", {
    timeout: 180_000,
  }, async () => {
    const running = server as RunningServer;
    const adminClient = new HttpClient(running.url);
    expect((await adminClient.signIn(admin, "/admin/login")).status).toBe(302);
    const page = await adminClient.openInBrowser(browser, "/admin/dashboard");
    try {
      const panel = page.getByRole("region", { name: "Cópias de segurança" });
      // The run's row turns "Concluída" once its file is whole and measured.
      await waitFor(
        async () => {
          await page.reload();
          return (await panel.getByText("Concluída", { exact: true }).count()) > 0;
        },
        { timeoutMs: 150_000, intervalMs: 500, message: "the scheduled backup to succeed" },
      );
      const [file, ...others] = await backupFilesIn(scheduledDir);
      expect(others).toEqual([]);
      if (!file) throw new Error(`no backup in ${scheduledDir}`);
      expect(sha256sumCheck(file)).toContain(": OK");
      // Each fact is a term and its definition.
      const fact = (term: string) =>
        panel
          .locator("div")
          .filter({ has: page.getByRole("term").filter({ hasText: term }) })
          .getByRole("definition");
      expect(await panel.textContent()).toContain("Automáticas, a cada hora");
      expect(await fact("Última cópia").textContent()).toMatch(
        /^\d{2}\/\d{2}\/\d{4} às \d{2}:\d{2}$/,
      );
      expect(await fact("Resultado").textContent()).toBe("Concluída");
      expect(await fact("Tamanho").textContent()).toBe(sizeText((await stat(file)).size));
    } finally {
      await page.context().close();
    }
  });

  it("keeps serving while `npm run backup` copies its live database: every request succeeds", {
    timeout: 180_000,
  }, async () => {
    const running = server as RunningServer;
    volunteerClient = new HttpClient(running.url);
    expect((await volunteerClient.signIn(volunteer)).status).toBe(302);
    const paths = await keptPdfPaths(volunteerClient);
    expect(paths.filter((p) => p.endsWith("certificado.pdf")).length).toBeGreaterThan(0);
    expect(paths.filter((p) => p.endsWith("termo.pdf")).length).toBeGreaterThan(0);
    for (const pdfPath of paths) pdfs.set(pdfPath, await downloadPdf(volunteerClient, pdfPath));
    const [certificatePath = ""] = paths;
    expect(await pdfText(pdfs.get(certificatePath) ?? Buffer.alloc(0))).toContain(
      "Certificado de Trabalho Voluntário",
    );

    // One after another, pages the volunteer reads and, beside them, sign-ins (each writes a
    // session and a rate-limit count), from before the backup starts until it has ended.
    interface Outcome {
      request: string;
      status: number | string;
      expected: number;
      startedAt: number;
      endedAt: number;
    }
    const outcomes: Outcome[] = [];
    /** The session token of each sign-in answered so far. */
    const signedIn: string[] = [];
    let stop = false;
    const timed = async (request: string, expected: number, send: () => Promise<Response>) => {
      const startedAt = performance.now();
      let status: number | string;
      try {
        const response = await send();
        status = response.status;
        await response.arrayBuffer();
      } catch (error) {
        status = (error as Error).message;
      }
      outcomes.push({ request, status, expected, startedAt, endedAt: performance.now() });
      return status === expected;
    };
    const pages = ["/app/voluntario", "/app/certificados", "/app/termos", "/eventos", ...paths];
    const reader = async () => {
      for (let i = 0; !stop; i++) {
        const page = pages[i % pages.length] ?? "/";
        await timed(page, 200, () => volunteerClient.get(page));
      }
    };
    const writer = async () => {
      while (!stop) {
        const client = new HttpClient(running.url);
        if (await timed("sign-in", 302, () => client.signIn(volunteer))) {
          // The cookie is the token and its signature.
          signedIn.push(decodeURIComponent(client.sessionToken ?? "").split(".")[0] ?? "");
        }
      }
    };
    const load = Promise.all([reader(), writer()]);
    try {
      await waitFor(() => signedIn.length >= 2, {
        timeoutMs: 30_000,
        message: "sign-ins before the backup",
      });
      const backupStarted = performance.now();
      const acknowledged = [...signedIn];
      const result = await runOperatorCommand("backup", ["--dir", manualDir], {
        DATA_DIR: sourceDir,
      });
      const backupEnded = performance.now();
      stop = true;
      await load;

      expect(result.code, result.output).toBe(0);
      backupFile = /^Wrote (\S+\.backup\.gz) in /m.exec(result.stdout)?.[1] ?? "";
      expect(await backupFilesIn(manualDir)).toEqual([backupFile]);
      expect(sha256sumCheck(backupFile)).toContain(": OK");

      const during = outcomes.filter(
        (outcome) => outcome.endedAt > backupStarted && outcome.startedAt < backupEnded,
      );
      expect(during.length).toBeGreaterThanOrEqual(10);
      expect(during.filter((outcome) => outcome.request === "sign-in").length).toBeGreaterThan(0);
      expect(outcomes.filter((outcome) => outcome.status !== outcome.expected)).toEqual([]);

      // Every sign-in acknowledged before the backup began is in it.
      const tokens = new Set(
        (await tableRowsOf(backupFile, "sessions")).map((session) => session.token),
      );
      for (const token of acknowledged) expect(tokens.has(token), token).toBe(true);
    } finally {
      stop = true;
      await load;
    }
  });

  it("restores into a new DATA_DIR with every table as the backup's manifest says; the same person signs in there and downloads the same PDFs", {
    timeout: 180_000,
  }, async () => {
    await server?.stop();
    server = undefined;
    await mkdir(restoredDir);
    const result = await runOperatorCommand("restore", [backupFile], { DATA_DIR: restoredDir });
    expect(result.code, result.output).toBe(0);
    expect(result.stdout).toContain("every table matches the backup's checksums");
    const manifest = await manifestOf(backupFile);
    expect(await checksumsOf({ dataDir: restoredDir })).toEqual(manifest.tables);

    server = await startServer({ dataDir: restoredDir, port: sourcePort });
    const client = new HttpClient(server.url);
    expect((await client.signIn(volunteer)).status).toBe(302);
    expect(await keptPdfPaths(client)).toEqual([...pdfs.keys()]);
    for (const [pdfPath, bytes] of pdfs) {
      expect((await downloadPdf(client, pdfPath)).equals(bytes), pdfPath).toBe(true);
    }
    await server.stop();
    server = undefined;
  });

  it("refuses, in one line, a backup cut in half and a DATA_DIR that holds a database, leaving each target as it was", {
    timeout: 180_000,
  }, async () => {
    const cut = await truncatedCopy(backupFile, 0.5);
    const emptyDir = path.join(root, "empty");
    await mkdir(emptyDir);
    const refusedCut = await runOperatorCommand("restore", [cut], { DATA_DIR: emptyDir });
    expect(refusedCut.code, refusedCut.output).not.toBe(0);
    expect(refusedCut.stderr.trim()).toMatch(/^restore: The backup file is [^\n]*incomplete/);
    expect(refusedCut.stderr.trim().split("\n")).toHaveLength(1);
    expectNoStackTrace(refusedCut.stderr + refusedCut.stdout);
    expect((await readdir(emptyDir)).filter((name) => name.startsWith("db"))).toEqual([]);

    // The restored DATA_DIR holds a database (its server wrote a session in it since).
    const before = await checksumsOf({ dataDir: restoredDir });
    const refusedFull = await runOperatorCommand("restore", [backupFile], {
      DATA_DIR: restoredDir,
    });
    expect(refusedFull.code, refusedFull.output).not.toBe(0);
    const message = refusedFull.stderr.trim();
    expect(message.split("\n")).toHaveLength(1);
    expect(message).toMatch(/^restore: There is already an embedded database in /);
    expect(message).toContain("--replace");
    expectNoStackTrace(refusedFull.stderr + refusedFull.stdout);
    expect(await readdir(restoredDir)).not.toContain("db.restoring");
    expect(await checksumsOf({ dataDir: restoredDir })).toEqual(before);
  });

  it.skipIf(!withPostgres)(
    "moves the embedded database to PostgreSQL, where people stay signed in, and back, every table identical",
    { timeout: 240_000 },
    async () => {
      const original = await checksumsOf({ dataDir: sourceDir });
      scratch = await createScratchDatabase();
      const toPostgres = await runOperatorCommand("db-move", ["--to", scratch.url], {
        DATA_DIR: sourceDir,
      });
      expect(toPostgres.code, toPostgres.output).toBe(0);
      expect(toPostgres.stdout).toContain(`DATABASE_URL=${scratch.url}`);
      expect(await checksumsOf({ url: scratch.url })).toEqual(original);

      // A developer's copy of it: from PostgreSQL into the embedded database of a new folder,
      // before a server serves from PostgreSQL, so that the round trip alone is compared.
      const finalDir = path.join(root, "final");
      const back = await runOperatorCommand("db-move", ["--to", finalDir], {
        DATABASE_URL: scratch.url,
        DATA_DIR: sourceDir,
      });
      expect(back.code, back.output).toBe(0);
      expect(back.stdout).toContain(`DATA_DIR=${finalDir}`);
      const final = await checksumsOf({ dataDir: finalDir });
      expect(Object.keys(final).length).toBeGreaterThan(20);
      expect(final).toEqual(original);

      // The same DATA_DIR (its session secret) and DATABASE_URL, as the move said.
      server = await startServer({
        dataDir: sourceDir,
        port: sourcePort,
        env: { DATABASE_URL: scratch.url },
      });
      expect(existsSync(path.join(sourceDir, "session-secret"))).toBe(true);
      expect(volunteerClient.cookies.has(SESSION_COOKIE)).toBe(true);
      // Signed in without signing in again: the same page sends a stranger to the login.
      expect((await volunteerClient.get("/app/voluntario")).status).toBe(200);
      const stranger = await new HttpClient(server.url).get("/app/voluntario");
      expect(stranger.headers.get("location") ?? "").toMatch(/^\/auth\/login/);
      expect(await keptPdfPaths(volunteerClient)).toEqual([...pdfs.keys()]);
      for (const [pdfPath, bytes] of pdfs) {
        expect((await downloadPdf(volunteerClient, pdfPath)).equals(bytes), pdfPath).toBe(true);
      }
      await server.stop();
      server = undefined;
    },
  );
});
