import { PRODUCTION_ENV } from "./fault-database";
import { nginxPort, type RunningNginx, startNginx } from "./fault-nginx";
import { type RunningServer, startServer } from "./server";

/**
 * Two production instances on one PostgreSQL database behind nginx (round-robin, loopback,
 * TRUST_PROXY=true), as the README's "more traffic" section deploys them: the fault-nginx and
 * rolling-restart tests' setup.
 */
export interface BalancedPair {
  nginx: RunningNginx;
  /** The instances nginx balances over; a test that replaces one puts the new one here. */
  instances: RunningServer[];
  /** The environment every instance gets (a replacement too). */
  env: Record<string, string>;
  /** The end of each instance's log and nginx's, for a failed test's report. */
  logs: () => string;
  /** Stops nginx and every instance in `instances`. */
  stop: () => Promise<void>;
}

export async function startBalancedPair(databaseUrl: string): Promise<BalancedPair> {
  const port = await nginxPort();
  const env = {
    ...PRODUCTION_ENV,
    DATABASE_URL: databaseUrl,
    BASE_URL: `http://127.0.0.1:${port}`,
  };
  // Same environment for both, as a deployment gives them; they start (and migrate) together.
  const instances = await Promise.all([startServer({ env }), startServer({ env })]);
  let nginx: RunningNginx;
  try {
    nginx = await startNginx(
      port,
      instances.map((instance) => instance.port),
    );
  } catch (error) {
    await Promise.all(instances.map((instance) => instance.stop()));
    throw error;
  }
  const pair: BalancedPair = {
    nginx,
    instances,
    env,
    logs: () =>
      [
        ...pair.instances.map(
          (instance, index) =>
            `--- instance ${index} log (end) ---\n${instance.logs().slice(-3000)}`,
        ),
        `--- nginx ---\n${nginx.logs()}`,
      ].join("\n"),
    stop: async () => {
      await nginx.stop().catch(() => undefined);
      await Promise.all(pair.instances.map((instance) => instance.stop().catch(() => undefined)));
    },
  };
  return pair;
}
