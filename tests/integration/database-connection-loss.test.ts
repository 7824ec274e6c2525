import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { databaseForFile, databaseKind } from "../helpers/database";

/**
 * PostgreSQL going away while a transaction holds a pooled connection between two statements
 * (fault-postgres caught it once in CI: a read in a transaction, then the server stopped) must
 * fail that transaction, not end the process with an uncaught 'error' event. Only a server
 * connection can be lost: the embedded database has none.
 */
const database = databaseForFile();

describe("a connection lost inside a transaction", () => {
  it.skipIf(databaseKind() !== "postgres")(
    "fails the transaction and leaves the process and the pool working",
    async () => {
      const { db } = database;
      let resume!: () => void;
      const paused = new Promise<void>((resolve) => {
        resume = resolve;
      });
      let backend!: (pid: { pid: number; ended: Promise<void> }) => void;
      const inside = new Promise<{ pid: number; ended: Promise<void> }>((resolve) => {
        backend = resolve;
      });
      const transaction = db.transaction(async (tx) => {
        const result = await tx.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`);
        // The pooled client, to learn when its connection has ended (no 'error' listener added).
        const client = (tx as unknown as { session: { client: NodeJS.EventEmitter } }).session
          .client;
        const ended = new Promise<void>((resolve) => client.once("end", () => resolve()));
        backend({ pid: Number(result.rows[0]?.pid), ended });
        await paused; // checked out and idle: no query of its own is running
        await tx.execute(sql`select 1`);
      });
      const outcome = transaction.then(
        () => "committed",
        () => "failed",
      );
      const { pid, ended } = await inside;
      await db.execute(sql`select pg_terminate_backend(${pid})`);
      await ended;
      resume();
      expect(await outcome).toBe("failed");
      // The pool dropped the dead client: the next queries get working connections.
      const after = await db.execute<{ ok: number }>(sql`select 1 as ok`);
      expect(after.rows[0]?.ok).toBe(1);
    },
  );
});
