import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { verifyPassword } from "better-auth/crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDatabase, type DatabaseTarget, openDatabase } from "~/db/client.server";
import { EmailAlreadyRegisteredError, insertAdmin } from "~/seed/credentials.server";
import { databaseKind } from "../helpers/database";
import { createScratchDatabase } from "../helpers/postgres";

/**
 * `npm run admin:create` as an operator runs it: a separate process on a real database
 * (PGlite in a temporary DATA_DIR, or a scratch PostgreSQL database), judged by its exit code
 * and its messages.
 */
const SCRIPT = path.resolve("scripts/create-admin.ts");
const SLOW = 120_000;

let target: DatabaseTarget;
let removeStorage: () => Promise<void>;

beforeAll(async () => {
  if (databaseKind() === "postgres") {
    const scratch = await createScratchDatabase();
    target = { url: scratch.url };
    removeStorage = scratch.drop;
  } else {
    const dataDir = await mkdtemp(path.join(tmpdir(), "conecta-admin-"));
    target = { dataDir };
    removeStorage = () => rm(dataDir, { recursive: true, force: true });
  }
});

afterAll(async () => {
  await closeDatabase();
  await removeStorage?.();
});

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function createAdmin(args: string[], extraEnv: Record<string, string> = {}): Promise<Run> {
  // A clean environment: Vitest's own variables (BASE_URL="/", MODE...) mean other things to the app.
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: "test",
    ...("url" in target ? { DATABASE_URL: target.url } : { DATA_DIR: target.dataDir }),
    ...extraEnv,
  };
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", SCRIPT, ...args], { env });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
    });
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

/** Exit code 1 and one clear line: a message, not a crash dump. */
function expectRefusal(run: Run, message: string): void {
  expect(run.code, run.stderr).toBe(1);
  expect(run.stderr).toContain(message);
  expect(run.stderr).not.toMatch(/\n\s+at /);
}

describe("npm run admin:create", () => {
  let generatedPassword = "";

  it(
    "creates an admin and prints a generated password once",
    async () => {
      const run = await createAdmin(["--email", "Chefe@Exemplo.org", "--name", "Chefe da Equipe"]);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toContain("Administrator created");
      const match = run.stdout.match(/Password: (\S+)/);
      generatedPassword = match?.[1] ?? "";
      expect(generatedPassword).toMatch(/^(?=.*\p{L})(?=.*\d).{16}$/u);
    },
    SLOW,
  );

  it(
    "refuses an e-mail that already has an account, whatever its case",
    async () => {
      const run = await createAdmin(["--email", "chefe@exemplo.org"]);
      expectRefusal(run, "already exists");
      expect(run.stdout).not.toContain("Password:");
    },
    SLOW,
  );

  it(
    "rejects an ADMIN_PASSWORD that breaks the password rule, and accepts a good one",
    async () => {
      const weak = await createAdmin(["--email", "outra@exemplo.org"], {
        ADMIN_PASSWORD: "semnumero",
      });
      expectRefusal(weak, "ADMIN_PASSWORD must have");

      const good = await createAdmin(["--email", "outra@exemplo.org"], {
        ADMIN_PASSWORD: "senhaForte2026",
      });
      expect(good.code, good.stderr).toBe(0);
      expect(good.stdout).toContain("ADMIN_PASSWORD");
      expect(good.stdout).not.toContain("senhaForte2026");
    },
    SLOW,
  );

  it(
    "stores admins that sign in with their passwords",
    async () => {
      const db = await openDatabase(target);
      const admins = (
        await db.execute<{ email: string; role: string; profile: string; password: string }>(sql`
          select u.email, u.role, u.profile, a.password from users u
          join accounts a on a.user_id = u.id and a.provider_id = 'credential' and a.account_id = u.id::text
          order by u.email`)
      ).rows;
      expect(admins.map((admin) => [admin.email, admin.role, admin.profile])).toEqual([
        ["chefe@exemplo.org", "ADMIN", "ADMIN"],
        ["outra@exemplo.org", "ADMIN", "ADMIN"],
      ]);
      const [first, second] = admins;
      expect(
        await verifyPassword({ hash: first?.password ?? "", password: generatedPassword }),
      ).toBe(true);
      expect(
        await verifyPassword({ hash: second?.password ?? "", password: "senhaForte2026" }),
      ).toBe(true);
      await expect(
        db.transaction((tx) =>
          insertAdmin(tx, { email: "OUTRA@exemplo.org", name: "Repetida", passwordHash: "x" }),
        ),
      ).rejects.toBeInstanceOf(EmailAlreadyRegisteredError);
    },
    SLOW,
  );

  it.skipIf(databaseKind() === "postgres")(
    "says clearly that the embedded database is in use by another process",
    async () => {
      // This test process still holds the database opened by the previous test.
      expectRefusal(
        await createAdmin(["--email", "terceira@exemplo.org"]),
        "in use by another process",
      );
    },
    SLOW,
  );
});
