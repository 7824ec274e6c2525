import { sql } from "drizzle-orm";
import { env } from "~/config/env.server";
import { type Database, db } from "~/db/client.server";
import { users } from "~/db/schema";
import { printBox } from "./console-box.server";
import { hashAccountPassword, insertAdmin } from "./credentials.server";
import { writeDemoOngoing } from "./demo/demo-ongoing.server";
import {
  type DemoRecognition,
  issueDemoCertificate,
  writeDemoRecognition,
} from "./demo/demo-recognition.server";
import { writeDemoTeam } from "./demo/demo-team.server";
import { writeDemoTurnout } from "./demo/demo-turnout.server";
import { planDemo } from "./demo/plan-demo.server";
import { renderDemoArtwork, writeDemo } from "./demo/write-demo.server";
import { DEMO_PASSWORD, generatePassword } from "./passwords.server";

export const DEMO_ADMIN_EMAIL = "admin@conectavoluntario.local";
const DEMO_ADMIN_NAME = "Administração Conecta";
/** Serialises concurrent seeders on one database (arbitrary constant). */
const DEMO_SEED_LOCK_KEY = 4_711_2027;

export interface DemoSeedResult {
  adminEmail: string;
  adminPassword: string;
  counts: { institutions: number; events: number; volunteers: number; requests: number };
  /** Accounts to try the demo with (they use DEMO_PASSWORD). */
  examples: { institutionEmail: string; volunteerEmail: string };
  elapsedMs: number;
}

/**
 * Boot hook: on a development embedded database without any user, fills demo content and
 * prints the admin's one-time password. Production and PostgreSQL servers are never touched.
 */
export async function seedDemoDataIfEmpty(): Promise<void> {
  const config = env();
  if (config.isProduction || !config.isEmbeddedDatabase) return;
  try {
    const result = await seedDemoData(db());
    if (result) printDemoCredentials(result);
  } catch (error) {
    // A convenience must not stop the app; the transaction left the database empty, so the
    // next start tries again.
    console.error("demo data: could not be created; starting with an empty database.", error);
  }
}

/**
 * Writes the demo data in one transaction (a crash leaves an empty database, not half a demo)
 * and returns the admin's credentials; returns null, writing nothing, when any user exists.
 */
export async function seedDemoData(
  database: Database,
  now = new Date(),
): Promise<DemoSeedResult | null> {
  if (await hasUsers(database)) return null;
  const started = performance.now();
  const plan = planDemo(now);
  const adminPassword = generatePassword();
  // Hashing and rendering are the slow parts: done before the transaction, all at once.
  const [adminHash, sharedPasswordHash, artwork] = await Promise.all([
    hashAccountPassword(adminPassword),
    hashAccountPassword(DEMO_PASSWORD),
    renderDemoArtwork(plan),
  ]);

  const seeded = await database.transaction(async (tx): Promise<DemoRecognition | null | false> => {
    await tx.execute(sql`select pg_advisory_xact_lock(${DEMO_SEED_LOCK_KEY})`);
    if (await hasUsers(tx)) return false;
    const adminId = await insertAdmin(tx, {
      email: DEMO_ADMIN_EMAIL,
      name: DEMO_ADMIN_NAME,
      passwordHash: adminHash,
    });
    await writeDemo(tx, plan, artwork, { adminId, sharedPasswordHash });
    const story = await writeDemoRecognition(tx, plan, now);
    await writeDemoTurnout(tx, plan, now);
    await writeDemoOngoing(tx, plan, now);
    await writeDemoTeam(tx, plan, now);
    return story;
  });
  if (seeded === false) return null;
  if (seeded) await issueDemoCertificate(seeded, now);

  return {
    adminEmail: DEMO_ADMIN_EMAIL,
    adminPassword,
    counts: {
      institutions: plan.institutions.length,
      events: plan.events.length,
      volunteers: plan.volunteers.length,
      requests: plan.requests.length,
    },
    examples: {
      institutionEmail:
        plan.institutions.find((institution) => institution.status === "APPROVED")?.email ?? "",
      volunteerEmail: plan.volunteers[0]?.email ?? "",
    },
    elapsedMs: Math.round(performance.now() - started),
  };
}

async function hasUsers(executor: Pick<Database, "execute">): Promise<boolean> {
  const result = await executor.execute<{ found: boolean }>(
    sql`select exists (select 1 from ${users}) as found`,
  );
  return result.rows[0]?.found === true;
}

function printDemoCredentials(result: DemoSeedResult): void {
  const { counts } = result;
  printBox([
    `Demo data created in ${(result.elapsedMs / 1000).toFixed(1)} s (development only):`,
    `  ${counts.institutions} institutions, ${counts.events} events, ${counts.volunteers} volunteers, ${counts.requests} applications.`,
    "",
    `Admin de demonstração: e-mail ${result.adminEmail}`,
    `                       senha  ${result.adminPassword}`,
    "This password is shown only once. Keep it now.",
    "",
    `Every demo volunteer and institution signs in with the password ${DEMO_PASSWORD},`,
    `  e.g. ${result.examples.institutionEmail} or ${result.examples.volunteerEmail}.`,
  ]);
}
