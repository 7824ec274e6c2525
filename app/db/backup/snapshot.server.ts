import { existsSync, readdirSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import path from "node:path";
import { connectPglite, connectPostgres, type SqlConnection } from "./connection.server";
import { copyLiveDatabase } from "./hot-copy.server";

/**
 * A read-only view of the whole database at one moment, for as long as a backup reads it
 * (docs/decisions/0076):
 * - PostgreSQL: one REPEATABLE READ READ ONLY transaction on a connection of its own. It sees
 *   every commit made before it began and none after, and blocks no writer.
 * - Embedded: PGlite has one connection, which the server holds; a long transaction on it would
 *   stop every request. The directory is copied live instead (hot-copy.server.ts), and the copy
 *   is read by a PGlite of this process's own, in a scratch folder deleted afterwards.
 */
export interface Snapshot {
  engine: "postgres" | "pglite";
  connection: SqlConnection;
  close: () => Promise<void>;
}

/** There is nothing to back up where the configuration points, or no consistent copy of it. */
export class BackupSourceError extends Error {
  override name = "BackupSourceError";
}

export type SnapshotSource = { url: string } | { dataDir: string; scratchDir: string };

const COPY_ATTEMPTS = 3;

export async function openSnapshot(source: SnapshotSource): Promise<Snapshot> {
  if ("url" in source) {
    const connection = await connectPostgres(source.url);
    await connection.exec("begin isolation level repeatable read read only");
    return {
      engine: "postgres",
      connection,
      close: async () => {
        await connection.exec("rollback").catch(() => {});
        await connection.close();
      },
    };
  }
  const live = path.join(source.dataDir, "db");
  if (!existsSync(live) || readdirSync(live).length === 0) {
    throw new BackupSourceError(
      `There is no embedded database in ${source.dataDir}: is DATA_DIR (or DATABASE_URL) the one the server uses?`,
    );
  }
  const scratch = await mkdtemp(path.join(source.scratchDir, ".snapshot-"));
  const copy = path.join(scratch, "db");
  let lastError: unknown;
  for (let attempt = 0; attempt < COPY_ATTEMPTS; attempt++) {
    try {
      await copyLiveDatabase(live, copy);
      const connection = await connectPglite(copy);
      await connection.exec("begin isolation level repeatable read read only");
      return {
        engine: "pglite",
        connection,
        close: async () => {
          await connection.close().catch(() => {});
          await rm(scratch, { recursive: true, force: true });
        },
      };
    } catch (error) {
      lastError = error;
    }
  }
  await rm(scratch, { recursive: true, force: true });
  throw new BackupSourceError(
    `Could not take a consistent copy of ${live} in ${COPY_ATTEMPTS} attempts: ${(lastError as Error)?.message ?? lastError}`,
    {
      cause: lastError,
    },
  );
}
