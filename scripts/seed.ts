// Benchmark data: `npm run seed -- --institutions 100000 --events 500000 --volunteers 200000`.
// Fills the database named by DATABASE_URL, or the embedded one in DATA_DIR.
import { sql } from "drizzle-orm";
import { type BulkSizes, bulkSeed } from "~/seed/bulk/bulk-seed.server";
import { approvedInstitutionCount } from "~/seed/bulk/bulk-statements.server";
import {
  describeTarget,
  OperatorError,
  parseOptions,
  runOperatorScript,
} from "~/seed/operator-script.server";
import { DEMO_PASSWORD } from "~/seed/passwords.server";
import { formatDuration, ProgressBar } from "~/seed/progress-bar.server";

const USAGE = `Usage: npm run seed -- [--institutions N] [--events N] [--volunteers N] [--requests N]

Adds generated institutions (85 % approved, the rest pending or rejected), events (all
statuses, dates from a year ago to six months ahead), volunteers and applications, in one
transaction: an interrupted run adds nothing. Every generated account signs in with the
password "${DEMO_PASSWORD}". Refused when NODE_ENV=production.

Defaults: 1000 institutions, 5000 events, 2000 volunteers, applications = volunteers / 2.`;

const TABLES = ["institutions", "events", "volunteers", "volunteer_requests", "users"] as const;

await runOperatorScript("seed", async ({ config, target, open, signal }) => {
  const sizes = parseSizes();
  if (config.isProduction) {
    throw new OperatorError("Refusing to add generated data while NODE_ENV=production.");
  }
  const database = await open();
  console.log(
    `Seeding ${describeTarget(target)}: ${sizes.institutions} institutions, ${sizes.events} events, ` +
      `${sizes.volunteers} volunteers, ${sizes.requests} applications.`,
  );
  const started = performance.now();
  const bar = new ProgressBar("seed");
  await bulkSeed(database, sizes, {
    onProgress: (done, total) => bar.update(done, total),
    signal,
  });
  const seconds = (performance.now() - started) / 1000;
  const counts = await database.execute<Record<(typeof TABLES)[number], number>>(
    sql.raw(
      `select ${TABLES.map((table) => `(select count(*)::int from ${table}) as ${table}`).join(", ")}`,
    ),
  );
  console.log(
    `Done in ${formatDuration(seconds)} (${seconds.toFixed(1)} s). The database now holds:`,
  );
  for (const [table, count] of Object.entries(counts.rows[0] ?? {})) {
    console.log(`  ${table.padEnd(20)} ${Number(count).toLocaleString("en-US")}`);
  }
});

function parseSizes(): BulkSizes {
  const options = parseOptions(["institutions", "events", "volunteers", "requests"], USAGE);
  const count = (
    name: "institutions" | "events" | "volunteers" | "requests",
    fallback: number,
  ): number => {
    const raw = options[name];
    if (raw === undefined) return fallback;
    const value = Number(raw.replaceAll("_", ""));
    if (!Number.isSafeInteger(value) || value < 0) {
      throw new OperatorError(`--${name} must be a whole number of 0 or more (got "${raw}").`);
    }
    return value;
  };
  const institutions = count("institutions", 1000);
  const volunteers = count("volunteers", 2000);
  const defaultRequests = Math.min(
    Math.floor(volunteers / 2),
    volunteers * approvedInstitutionCount(institutions),
  );
  return {
    institutions,
    events: count("events", 5000),
    volunteers,
    requests: count("requests", defaultRequests),
  };
}
