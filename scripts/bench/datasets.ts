import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { closeDatabase, type DatabaseTarget, db, openDatabase } from "~/db/client.server";
import { listApprovedInstitutions } from "~/institutions/public-institutions.server";
import { type BulkSizes, bulkSeed } from "~/seed/bulk/bulk-seed.server";
import { approvedInstitutionCount } from "~/seed/bulk/bulk-statements.server";
import { hashAccountPassword, insertAdmin } from "~/seed/credentials.server";
import { DEMO_PASSWORD } from "~/seed/passwords.server";
import { ProgressBar } from "~/seed/progress-bar.server";
import { percentile } from "./load";

export type Backend = "postgres" | "pglite";

export interface DatasetSpec {
  label: string;
  /** "pages": the page set (and the budgets on it); "search": the directory search at size. */
  role: "pages" | "search";
  /** Approved institutions wanted; the seeder adds pending and rejected ones around them. */
  approvedInstitutions: number;
  events: number;
  volunteers: number;
}

export interface Dataset {
  spec: DatasetSpec;
  backend: Backend;
  target: DatabaseTarget;
  /** Row counts as the database holds them after seeding. */
  counts: Record<string, number>;
  seedSeconds: number;
  /** People who sign in through the login forms for the signed-in rows. */
  accounts: Accounts;
  /** Drops the scratch database or removes the temporary DATA_DIR. */
  remove: () => Promise<void>;
}

export interface Account {
  email: string;
  password: string;
}

export interface Accounts {
  /** A volunteer the bulk seeder wrote (every one of them has the demo password). */
  volunteer: Account;
  /** An administrator added after the seed, as `npm run admin:create` adds one. */
  admin: Account;
}

const ADMIN: Account = { email: "admin.benchmark@exemplo.org", password: DEMO_PASSWORD };

/**
 * A fresh database filled by the project's bulk seeder (the code behind `npm run seed`). On
 * PostgreSQL it is a scratch database named bench_<label>, dropped first when a previous run left
 * it behind (a half-seeded leftover must never be measured); on PGlite a temporary DATA_DIR.
 */
export async function createDataset(
  spec: DatasetSpec,
  backend: Backend,
  postgresUrl: string,
  /** Runs on the freshly seeded database before it is closed (PGlite opens slowly). */
  whileOpen?: () => Promise<void>,
): Promise<Dataset> {
  const sizes = seedSizes(spec);
  let target: DatabaseTarget;
  let remove: () => Promise<void>;
  if (backend === "postgres") {
    const name = `bench_${spec.label}`;
    await adminQuery(postgresUrl, `drop database if exists ${name} with (force)`);
    await adminQuery(postgresUrl, `create database ${name}`);
    const url = new URL(postgresUrl);
    url.pathname = `/${name}`;
    target = { url: url.toString() };
    remove = () => adminQuery(postgresUrl, `drop database if exists ${name} with (force)`);
  } else {
    const dataDir = await mkdtemp(path.join(tmpdir(), `bench-${spec.label}-`));
    target = { dataDir };
    remove = () => rm(dataDir, { recursive: true, force: true });
  }
  try {
    const database = await openDatabase(target);
    const started = performance.now();
    const bar = new ProgressBar(`seed ${backend} ${spec.label}`);
    await bulkSeed(database, sizes, { onProgress: (done, total) => bar.update(done, total) });
    const seedSeconds = (performance.now() - started) / 1000;
    const accounts = await addAccounts();
    const result = await database.execute<Record<string, number>>(sql`select
      (select count(*)::int from institutions where status = 'APPROVED') as "approved institutions",
      (select count(*)::int from institutions) as "institutions (all statuses)",
      (select count(*)::int from events) as events,
      (select count(*)::int from volunteers) as volunteers,
      (select count(*)::int from volunteer_requests) as applications`);
    await whileOpen?.();
    return {
      spec,
      backend,
      target,
      counts: result.rows[0] ?? {},
      seedSeconds,
      accounts,
      remove,
    };
  } catch (error) {
    await closeDatabase().catch(() => {});
    await remove();
    throw error;
  } finally {
    await closeDatabase();
  }
}

/** The first seeded volunteer, and an administrator written the way admin:create writes one. */
async function addAccounts(): Promise<Accounts> {
  const database = db();
  const first = await database.execute<{ email: string }>(
    sql`select u.email from users u join volunteers v on v.user_id = u.id
        order by u.created_at, u.email limit 1`,
  );
  const email = first.rows[0]?.email;
  if (!email) throw new Error("the seeded dataset has no volunteer to sign in with");
  const passwordHash = await hashAccountPassword(ADMIN.password);
  await database.transaction((tx) =>
    insertAdmin(tx, { email: ADMIN.email, name: "Administração do benchmark", passwordHash }),
  );
  return { volunteer: { email, password: DEMO_PASSWORD }, admin: ADMIN };
}

/** The seeder's sizes: enough institutions that `approvedInstitutions` of them are approved. */
export function seedSizes(spec: DatasetSpec): BulkSizes {
  let institutions = spec.approvedInstitutions;
  while (approvedInstitutionCount(institutions) < spec.approvedInstitutions) institutions++;
  return {
    institutions,
    events: spec.events,
    volunteers: spec.volunteers,
    requests: Math.min(
      Math.floor(spec.volunteers / 2),
      spec.volunteers * spec.approvedInstitutions,
    ),
  };
}

export interface QueryTiming {
  term: string;
  matches: number;
  runs: number;
  p50: number;
  p95: number;
  p99: number;
}

/**
 * The directory search alone, as the page runs it (listApprovedInstitutions: the same Drizzle
 * query, first page), timed from this process one call after another, with no HTTP or rendering,
 * on the database this process has open (createDataset's whileOpen), before any server starts:
 * `runs` calls, or as many as fit in `maxSeconds` (at least 20) when the term is slow to rank.
 */
export async function timeDirectorySearch(
  term: string,
  runs: number,
  maxSeconds = Number.POSITIVE_INFINITY,
): Promise<QueryTiming> {
  const database = db();
  const filters = { search: term, uf: "", city: "", type: null };
  const count = await database.execute<{ matches: number }>(
    sql`select count(*)::int as matches from institutions where status = 'APPROVED'
        and search_text like '%' || immutable_unaccent(lower(${term})) || '%'`,
  );
  const fewest = Math.min(20, runs);
  for (let i = 0; i < fewest; i++) await listApprovedInstitutions(filters, 1);
  const times: number[] = [];
  const deadline = performance.now() + maxSeconds * 1000;
  while (times.length < runs && (times.length < fewest || performance.now() < deadline)) {
    const started = performance.now();
    await listApprovedInstitutions(filters, 1);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return {
    term,
    matches: count.rows[0]?.matches ?? 0,
    runs: times.length,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
  };
}

async function adminQuery(postgresUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
