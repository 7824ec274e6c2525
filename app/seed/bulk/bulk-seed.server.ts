import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { images } from "~/db/schema";
import { BULK_FIRST_CNPJ_ROOT, CNPJ_ROOT_LIMIT, cnpjForRoot } from "../cnpj.server";
import { CAUSE_KEYS } from "../content/causes.server";
import { initialsOf } from "../content/slug.server";
import { type DbExecutor, hashAccountPassword } from "../credentials.server";
import { CAUSE_PALETTE, PALETTES } from "../images/artwork.server";
import { ArtworkPool } from "../images/artwork-pool.server";
import { DEMO_PASSWORD } from "../passwords.server";
import { type BulkImageIds, buildBulkLists, institutionNamesByCause } from "./bulk-lists.server";
import {
  approvedInstitutionCount,
  type BulkRun,
  insertEvents,
  insertInstitutions,
  insertRequests,
  insertVolunteers,
} from "./bulk-statements.server";
import { listsCte } from "./sql-fragments.server";

/**
 * Benchmark data at any size (`npm run seed`): set-based INSERT ... SELECT statements over
 * generate_series, a chunk at a time so progress can be shown, all in one transaction so an
 * interrupted run leaves nothing behind. Pictures come from a small pool shared by every row.
 */
export interface BulkSizes {
  institutions: number;
  events: number;
  volunteers: number;
  requests: number;
}

export class BulkSeedError extends Error {
  override name = "BulkSeedError";
}

export type ProgressListener = (done: number, total: number) => void;

const CHUNK_ROWS = { institutions: 5_000, volunteers: 10_000, events: 20_000, requests: 20_000 };
const COVERS_PER_CAUSE = 2;

export async function bulkSeed(
  database: Database,
  sizes: BulkSizes,
  options: { onProgress?: ProgressListener; signal?: AbortSignal } = {},
): Promise<void> {
  const { onProgress = () => {}, signal } = options;
  checkSizes(sizes);
  const [passwordHash, pool] = await Promise.all([
    hashAccountPassword(DEMO_PASSWORD),
    renderImagePool(),
  ]);
  const total = sizes.institutions + sizes.volunteers + sizes.events + sizes.requests;
  let done = 0;
  onProgress(done, total);

  await database.transaction(async (tx) => {
    // GIN (trigram) indexes buffer new entries in a pending list; a larger one merges less often.
    await tx.execute(sql`set local gin_pending_list_limit = '64MB'`);
    const tag = await unusedTag(tx);
    const firstRoot = await nextCnpjRoot(tx, sizes.institutions);
    const imageIds = await insertImagePool(tx, pool);
    const run: BulkRun = {
      tag,
      lists: listsCte(buildBulkLists(imageIds)),
      passwordHash,
      institutions: sizes.institutions,
      volunteers: sizes.volunteers,
      cnpjs: (from, to) =>
        Array.from({ length: to - from + 1 }, (_, i) => cnpjForRoot(firstRoot + from - 1 + i)),
    };
    const phases = [
      { rows: sizes.institutions, chunk: CHUNK_ROWS.institutions, statement: insertInstitutions },
      { rows: sizes.volunteers, chunk: CHUNK_ROWS.volunteers, statement: insertVolunteers },
      { rows: sizes.events, chunk: CHUNK_ROWS.events, statement: insertEvents },
      { rows: sizes.requests, chunk: CHUNK_ROWS.requests, statement: insertRequests },
    ];
    for (const phase of phases) {
      for (let from = 1; from <= phase.rows; from += phase.chunk) {
        // PGlite answers without real I/O, so the event loop would not otherwise run (nor see a
        // Ctrl-C) until the end. Throwing here rolls the whole transaction back.
        await new Promise((resolve) => setImmediate(resolve));
        signal?.throwIfAborted();
        const to = Math.min(phase.rows, from + phase.chunk - 1);
        await tx.execute(phase.statement(run, from, to));
        done += to - from + 1;
        onProgress(done, total);
      }
    }
  });
  // Fresh statistics, so the benchmarks that follow get the plans a live database would, and a
  // vacuum as autovacuum would soon run: it merges the trigram indexes' pending lists (left
  // large by gin_pending_list_limit above; every search would scan them) and sets the
  // visibility map that index-only scans need.
  await database.execute(sql`vacuum analyze`);
}

function checkSizes(sizes: BulkSizes): void {
  for (const [name, value] of Object.entries(sizes)) {
    if (!Number.isSafeInteger(value) || value < 0 || value > 50_000_000) {
      throw new BulkSeedError(`--${name} must be a whole number from 0 to 50000000 (got ${value})`);
    }
  }
  if (sizes.events > 0 && sizes.institutions === 0) {
    throw new BulkSeedError("Events need institutions: pass --institutions 1 or more.");
  }
  if (sizes.requests > 0 && (sizes.volunteers === 0 || sizes.institutions === 0)) {
    throw new BulkSeedError("Applications need volunteers and institutions.");
  }
  const possiblePairs = sizes.volunteers * approvedInstitutionCount(sizes.institutions);
  if (sizes.requests > possiblePairs) {
    throw new BulkSeedError(
      `--requests ${sizes.requests} is more than one application per volunteer and approved institution (${possiblePairs}).`,
    );
  }
}

/** Logos for every institution name, two banners per cause, one silhouette per palette. */
function renderImagePool() {
  const pool = new ArtworkPool();
  const logos = CAUSE_KEYS.flatMap((cause, index) =>
    (institutionNamesByCause()[index] ?? []).map((name) =>
      pool.logo(initialsOf(name), cause, CAUSE_PALETTE[cause]),
    ),
  );
  const covers = CAUSE_KEYS.map((cause) =>
    Array.from({ length: COVERS_PER_CAUSE }, (_, variant) => pool.cover(cause, variant)),
  );
  const avatars = PALETTES.map((_, palette) => pool.avatar(palette));
  return pool.settle().then(() => ({ pool, logos, covers, avatars }));
}

type ImagePool = Awaited<ReturnType<typeof renderImagePool>>;

/** Stores each pooled picture once; the rows have no owner because many accounts share them. */
async function insertImagePool(tx: DbExecutor, { pool, logos, covers, avatars }: ImagePool) {
  const store = async (keys: readonly string[]) => {
    const rows = await tx
      .insert(images)
      .values(keys.map((key) => pool.get(key)))
      .returning({ id: images.id });
    return rows.map((row) => row.id);
  };
  const coversByCause: string[][] = [];
  for (const keys of covers) coversByCause.push(await store(keys));
  const ids: BulkImageIds = {
    logos: await store(logos),
    coversByCause,
    avatars: await store(avatars),
  };
  return ids;
}

/** A run tag no earlier run used (it is part of every generated e-mail). */
async function unusedTag(tx: DbExecutor): Promise<string> {
  for (;;) {
    const tag = randomBytes(2).toString("hex");
    const result = await tx.execute<{ used: boolean }>(
      sql`select exists (select 1 from users where email like ${`%.${tag}@exemplo.%`}) as used`,
    );
    if (!result.rows[0]?.used) return tag;
  }
}

/** CNPJ roots continue after the highest numeric one in the table, so they never collide. */
async function nextCnpjRoot(tx: DbExecutor, count: number): Promise<number> {
  const result = await tx.execute<{ highest: string | number | null }>(
    sql`select max(substr(cnpj, 1, 8)::bigint) as highest from institutions where cnpj ~ '^[0-9]{14}$'`,
  );
  const first = Math.max(BULK_FIRST_CNPJ_ROOT, Number(result.rows[0]?.highest ?? 0) + 1);
  if (first + count > CNPJ_ROOT_LIMIT) {
    throw new BulkSeedError(
      `Not enough unused CNPJ roots for ${count} more institutions (the highest in use is ${first - 1}).`,
    );
  }
  return first;
}
