// Copies the configured database into another one: `npm run db:move -- --to <postgres-url | dir>`.
// The growth path from the embedded database to PostgreSQL, and back for a developer's copy.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { restoreBackup } from "~/db/backup/restore.server";
import { takeBackup } from "~/db/backup/take.server";
import type { DatabaseTarget } from "~/db/client.server";
import { acquireDataDirLock } from "~/db/lock.server";
import {
  describeTarget,
  OperatorError,
  parseOptions,
  runOperatorScript,
} from "~/seed/operator-script.server";

const USAGE = `Usage: npm run db:move -- --to <postgres://... | directory> [--replace]

Copies everything the platform keeps from the database this configuration names
(DATABASE_URL, or the embedded one in DATA_DIR) into an empty PostgreSQL database, or
into the embedded database of another data directory, and checks every table against
the copy's checksums. Sessions are rows: with the same SESSION_SECRET (or the same
DATA_DIR, which holds it), people stay signed in.

Stop the server first when moving its embedded database: the move takes the data
directory's lock, so the server cannot write what the copy would miss.

--replace  copy over a target that holds data (see npm run restore -- --help).`;

await runOperatorScript("db:move", async ({ config, target: source }) => {
  const options = parseOptions(["to"], USAGE, { flags: ["replace"] });
  if (!options.to) throw new OperatorError(`Say where to: --to.\n\n${USAGE}`);
  const destination = parseDestination(options.to);
  if (sameDatabase(source, destination)) {
    throw new OperatorError("The source and the destination are the same database.");
  }
  const releaseSource = "dataDir" in source ? acquireDataDirLock(source.dataDir) : () => {};
  const scratch = await mkdtemp(path.join(tmpdir(), "conecta-move-"));
  try {
    console.log(`Copying ${describeTarget(source)} into ${describeTarget(destination)}...`);
    const backup = await takeBackup(source, scratch);
    const result = await restoreBackup(backup.file, destination, {
      replace: options.replace,
      report: (line) => console.log(line),
    });
    const rows = Object.values(result.manifest.tables).reduce((sum, table) => sum + table.rows, 0);
    console.log(`Done: ${rows} rows; every table matches the source's checksums.`);
    if (result.setAside) console.log(`The database that was there is kept in ${result.setAside}.`);
    console.log("");
    console.log(nextSteps(destination, config.isProduction));
  } finally {
    await rm(scratch, { recursive: true, force: true });
    releaseSource();
  }
});

function parseDestination(to: string): DatabaseTarget {
  if (/^postgres(ql)?:\/\//.test(to)) {
    try {
      new URL(to);
    } catch {
      throw new OperatorError(`--to: not a valid PostgreSQL URL: ${to}`);
    }
    return { url: to };
  }
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(to)) {
    throw new OperatorError("--to: a postgres:// URL or a directory.");
  }
  return { dataDir: path.resolve(to) };
}

function sameDatabase(a: DatabaseTarget, b: DatabaseTarget): boolean {
  if ("url" in a && "url" in b) {
    const [x, y] = [new URL(a.url), new URL(b.url)];
    return x.host === y.host && x.pathname === y.pathname;
  }
  return "dataDir" in a && "dataDir" in b && a.dataDir === b.dataDir;
}

function nextSteps(destination: DatabaseTarget, production: boolean): string {
  const secret = production
    ? "Keep SESSION_SECRET as it is"
    : "Keep DATA_DIR as it is (it holds the session secret), or set SESSION_SECRET to the content of DATA_DIR/session-secret";
  if ("url" in destination) {
    return [
      "To serve this data from PostgreSQL, set where the server reads its configuration:",
      `  DATABASE_URL=${destination.url}`,
      `${secret}, so that people stay signed in, then restart the server.`,
    ].join("\n");
  }
  return [
    "To serve this copy from the embedded database, start the server with:",
    `  DATA_DIR=${destination.dataDir}   (and no DATABASE_URL)`,
  ].join("\n");
}
