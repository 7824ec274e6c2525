import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { cp, mkdtemp, open, rename, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { closeDatabase, openDatabase } from "~/db/client.server";
import { projectRoot } from "~/lib/project-root.server";
import { waitFor } from "./wait";

/**
 * Migrated databases, made once and copied. Creating a PGlite database (initdb in WebAssembly,
 * then the migrations) costs seconds of CPU, and so do the migrations on PostgreSQL: each is done
 * once per version of app/db/migrations (tests/global-setup.ts builds both before the first test
 * file) and every test database or server DATA_DIR starts from a copy. Tests of what happens on an
 * empty database (first start, migrations, demo data) keep starting from an empty one.
 */

/** A digest of app/db/migrations and the PGlite version: a template is valid for one value. */
export function templateKey(): string {
  const root = projectRoot();
  const digest = createHash("sha256");
  const migrations = path.join(root, "app/db/migrations");
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true })
      .flatMap((entry) =>
        entry.isDirectory() ? files(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
      )
      .sort();
  for (const file of files(migrations)) {
    digest.update(path.relative(root, file)).update(readFileSync(file));
  }
  digest.update(readFileSync(path.join(root, "node_modules/@electric-sql/pglite/package.json")));
  return digest.digest("hex").slice(0, 16);
}

// ------------------------------------------------------------------------------ PGlite

/**
 * A fresh DATA_DIR whose embedded database already exists and is migrated (a copy of the
 * template; the server's own openDatabase() then finds every migration applied).
 */
export async function migratedDataDir(): Promise<string> {
  const template = await migratedTemplate();
  const dataDir = await mkdtemp(path.join(tmpdir(), "conecta-data-"));
  await cp(template, dataDir, {
    recursive: true,
    // The marker is the template's, not part of a data directory.
    filter: (source) => source !== path.join(template, "ready"),
  });
  return dataDir;
}

/**
 * The template DATA_DIR in the system's temp folder, keyed by templateKey(): built by one
 * process under a lock file while the others wait, moved into place only when complete.
 */
export async function migratedTemplate(): Promise<string> {
  const template = path.join(tmpdir(), `conecta-test-template-${templateKey()}`);
  const ready = path.join(template, "ready");
  if (existsSync(ready)) return template;
  const lockFile = `${template}.lock`;
  const lock = await open(lockFile, "wx").catch(async (error: NodeJS.ErrnoException) => {
    if (error.code !== "EEXIST") throw error;
    // A builder left a lock behind (crashed): after five minutes it no longer counts.
    if (Date.now() - (await stat(lockFile)).mtimeMs > 5 * 60_000) {
      await rm(lockFile, { force: true });
      return open(lockFile, "wx");
    }
    return null;
  });
  if (!lock) {
    await waitFor(() => existsSync(ready), {
      timeoutMs: 180_000,
      intervalMs: 250,
      message: `the database template ${template}`,
    });
    return template;
  }
  const building = await mkdtemp(path.join(tmpdir(), "conecta-test-template-build-"));
  try {
    await openDatabase({ dataDir: building });
    await closeDatabase();
    await writeFile(path.join(building, "ready"), "");
    await rename(building, template).catch(async (error: NodeJS.ErrnoException) => {
      // Another run (whose lock was taken for stale) finished first: use its template.
      if (!existsSync(ready)) throw error;
      await rm(building, { recursive: true, force: true });
    });
    return template;
  } catch (error) {
    await rm(building, { recursive: true, force: true });
    throw error;
  } finally {
    await lock.close();
    await rm(lockFile, { force: true });
  }
}

// ------------------------------------------------------------------------------ PostgreSQL

/** Arbitrary constant: serialises template builds of concurrent test runs on one server. */
const TEMPLATE_LOCK_KEY = 4_711_2099;

/**
 * The migrated template database on the server of `adminUrl` (`conecta_template_<key>`), built
 * once per migrations version under an advisory lock; scratch databases are created from it with
 * `create database ... template ...`, a file copy on the server instead of the migrations.
 */
export async function migratedTemplateDatabase(adminUrl: string): Promise<string> {
  const name = `conecta_template_${templateKey()}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [TEMPLATE_LOCK_KEY]);
    const exists = await client.query("select 1 from pg_database where datname = $1", [name]);
    if (exists.rowCount) return name;
    const building = `${name}_build`;
    await client.query(`drop database if exists ${building} with (force)`);
    await client.query(`create database ${building}`);
    try {
      const url = new URL(adminUrl);
      url.pathname = `/${building}`;
      await openDatabase({ url: url.toString() });
      await closeDatabase();
      await client.query(`alter database ${building} rename to ${name}`);
    } catch (error) {
      await client.query(`drop database if exists ${building} with (force)`);
      throw error;
    }
    return name;
  } finally {
    await client.query("select pg_advisory_unlock($1)", [TEMPLATE_LOCK_KEY]).catch(() => {});
    await client.end();
  }
}
