import { chmod, mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ConfigError, loadEnv, withAppMode } from "~/config/env.server";

const SECRET = "a".repeat(32);
const tempDirs: string[] = [];

async function tempDataDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "conecta-env-"));
  tempDirs.push(dir);
  return dir;
}

afterEach(async () => {
  await Promise.all(tempDirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

/** The ConfigError loadEnv throws for `source` (fails the test when it does not throw one). */
function configError(source: Record<string, string | undefined>): ConfigError {
  try {
    loadEnv(source);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error(`loadEnv accepted ${JSON.stringify(source)}`);
}

describe("loadEnv", () => {
  it("applies the documented defaults", () => {
    const config = loadEnv({ SESSION_SECRET: SECRET });
    expect(config.PORT).toBe(3000);
    expect(config.DATA_DIR).toBe(path.resolve("./data"));
    expect(path.isAbsolute(config.DATA_DIR)).toBe(true);
    expect(config.APP_NAME).toBe("Conecta Voluntário");
    expect(config.NODE_ENV).toBe("development");
    expect(config.BASE_URL).toBe("http://localhost:3000");
    expect(config.isEmbeddedDatabase).toBe(true);
    expect(config.isProduction).toBe(false);
  });

  it("resolves a relative DATA_DIR and derives BASE_URL from PORT", () => {
    const config = loadEnv({ SESSION_SECRET: SECRET, DATA_DIR: "tmp/x", PORT: "8080" });
    expect(config.DATA_DIR).toBe(path.resolve("tmp/x"));
    expect(config.BASE_URL).toBe("http://localhost:8080");
  });

  it("treats empty variables as unset", () => {
    expect(loadEnv({ SESSION_SECRET: SECRET, PORT: "", DATABASE_URL: "" }).PORT).toBe(3000);
  });

  it("accepts a PostgreSQL URL and switches off the embedded database", () => {
    const config = loadEnv({
      SESSION_SECRET: SECRET,
      DATABASE_URL: "postgres://postgres@127.0.0.1:5432/app",
    });
    expect(config.isEmbeddedDatabase).toBe(false);
  });

  it.each(["abc", "0", "70000", "3000.5"])("rejects PORT=%s naming the variable", (port) => {
    const error = configError({ SESSION_SECRET: SECRET, PORT: port });
    expect(error.message).toContain("PORT");
    expect(error.message).toContain(JSON.stringify(port));
  });

  it.each(["not a url", "mysql://root@localhost/app", "http://localhost:5432/app"])(
    "rejects DATABASE_URL=%s naming the variable",
    (url) => {
      const error = configError({ SESSION_SECRET: SECRET, DATABASE_URL: url });
      expect(error.message).toContain("DATABASE_URL");
      expect(error.message).not.toMatch(/\bPORT\b/);
    },
  );

  it("requires SESSION_SECRET in production", () => {
    const error = configError({
      NODE_ENV: "production",
      DATABASE_URL: "postgres://postgres@127.0.0.1:5432/app",
    });
    expect(error.message).toContain("SESSION_SECRET");
  });

  it("rejects a short SESSION_SECRET", () => {
    expect(configError({ SESSION_SECRET: "short" }).message).toContain("SESSION_SECRET");
  });

  it("keeps metrics off unless asked, on loopback, behind a long enough token (ADR 0074)", () => {
    const off = loadEnv({ SESSION_SECRET: SECRET });
    expect(off.METRICS_PORT).toBeUndefined();
    expect(off.METRICS_TOKEN).toBeUndefined();
    const on = loadEnv({ SESSION_SECRET: SECRET, METRICS_PORT: "9464" });
    expect(on.METRICS_PORT).toBe(9464);
    expect(on.METRICS_HOST).toBe("127.0.0.1");
    expect(configError({ SESSION_SECRET: SECRET, METRICS_TOKEN: "curto" }).message).toContain(
      "METRICS_TOKEN",
    );
    expect(configError({ SESSION_SECRET: SECRET, METRICS_PORT: "70000" }).message).toContain(
      "METRICS_PORT",
    );
  });

  it("backs up daily into DATA_DIR/backups unless told, never in tests, and reads intervals (ADR 0076)", () => {
    const daily = loadEnv({ SESSION_SECRET: SECRET, DATA_DIR: "/srv/conecta" });
    expect(daily.BACKUP_INTERVAL).toBe(24 * 60 * 60 * 1000);
    expect(daily.BACKUP_DIR).toBe("/srv/conecta/backups");
    expect(daily.BACKUP_KEEP).toBe(7);
    expect(loadEnv({ SESSION_SECRET: SECRET, NODE_ENV: "test" }).BACKUP_INTERVAL).toBeNull();
    const cases: [string, number | null][] = [
      ["off", null],
      ["30m", 30 * 60_000],
      ["6h", 6 * 60 * 60_000],
      ["2d", 2 * 24 * 60 * 60_000],
      [" 1H ", 60 * 60_000],
    ];
    for (const [value, expected] of cases) {
      expect(loadEnv({ SESSION_SECRET: SECRET, BACKUP_INTERVAL: value }).BACKUP_INTERVAL).toBe(
        expected,
      );
    }
    for (const value of ["0m", "daily", "5", "-1h", "10s"]) {
      expect(configError({ SESSION_SECRET: SECRET, BACKUP_INTERVAL: value }).message).toContain(
        "BACKUP_INTERVAL",
      );
    }
    expect(configError({ SESSION_SECRET: SECRET, BACKUP_KEEP: "0" }).message).toContain(
      "BACKUP_KEEP",
    );
  });

  it("accepts production with a SESSION_SECRET", () => {
    const config = loadEnv({ NODE_ENV: "production", SESSION_SECRET: SECRET });
    expect(config.isProduction).toBe(true);
    expect(config.SESSION_SECRET).toBe(SECRET);
  });

  it("generates a session secret in DATA_DIR once, then reuses it", async () => {
    const dataDir = path.join(await tempDataDir(), "nested", "data");
    const first = loadEnv({ DATA_DIR: dataDir });
    expect(first.SESSION_SECRET.length).toBeGreaterThanOrEqual(32);

    const file = path.join(dataDir, "session-secret");
    expect((await readFile(file, "utf8")).trim()).toBe(first.SESSION_SECRET);
    // Only the owner may read it, or even enter the folder (issue 11, DATA_DIR permissions).
    expect((await stat(file)).mode & 0o077).toBe(0);
    expect((await stat(dataDir)).mode & 0o777).toBe(0o700);

    const second = loadEnv({ DATA_DIR: dataDir });
    expect(second.SESSION_SECRET).toBe(first.SESSION_SECRET);

    const elsewhere = loadEnv({ DATA_DIR: await tempDataDir() });
    expect(elsewhere.SESSION_SECRET).not.toBe(first.SESSION_SECRET);
  });

  it("prefers an explicit SESSION_SECRET and writes no file", async () => {
    const dataDir = await tempDataDir();
    expect(loadEnv({ DATA_DIR: dataDir, SESSION_SECRET: SECRET }).SESSION_SECRET).toBe(SECRET);
    await expect(stat(path.join(dataDir, "session-secret"))).rejects.toThrow(/ENOENT/);
  });

  it("narrows an existing DATA_DIR that others could read to 0700", async () => {
    const dataDir = await tempDataDir();
    await chmod(dataDir, 0o755);
    loadEnv({ DATA_DIR: dataDir });
    expect((await stat(dataDir)).mode & 0o777).toBe(0o700);
  });
});

describe("TRUST_PROXY", () => {
  const trust = (value: string | undefined) =>
    loadEnv({ SESSION_SECRET: SECRET, TRUST_PROXY: value }).TRUST_PROXY;

  it("reads false, true, a number of proxies and a list of addresses or ranges", () => {
    expect(trust(undefined)).toEqual({ kind: "none" });
    expect(trust("false")).toEqual({ kind: "none" });
    expect(trust("0")).toEqual({ kind: "none" });
    expect(trust("true")).toEqual({ kind: "hops", hops: 1 });
    expect(trust("2")).toEqual({ kind: "hops", hops: 2 });
    expect(trust("10.0.0.0/8, loopback,2001:db8::/32,192.168.1.7")).toEqual({
      kind: "addresses",
      addresses: ["10.0.0.0/8", "loopback", "2001:db8::/32", "192.168.1.7"],
    });
  });

  it.each(["yes", "10.0.0.0/33", "::1/129", "300.1.1.1", "10.0.0.0/8,", "a/b/c", "99"])(
    "refuses %j with a message naming the variable",
    (value) => {
      expect(configError({ SESSION_SECRET: SECRET, TRUST_PROXY: value }).message).toMatch(
        /TRUST_PROXY: must be false, true \(one proxy\), a number of proxies/,
      );
    },
  );
});

describe("the app's mode when server/main.js runs the built app (docs/decisions/0035)", () => {
  it("reads the operator's NODE_ENV from CONECTA_MODE, whatever NODE_ENV the libraries see", async () => {
    const demo = loadEnv(
      withAppMode({ CONECTA_MODE: "", NODE_ENV: "production", DATA_DIR: await tempDataDir() }),
    );
    expect(demo.NODE_ENV).toBe("development");
    expect(demo.isProduction).toBe(false);
    const deployed = withAppMode({
      CONECTA_MODE: "production",
      NODE_ENV: "production",
      SESSION_SECRET: "s".repeat(32),
    });
    expect(loadEnv(deployed).isProduction).toBe(true);
    expect(() =>
      loadEnv(withAppMode({ CONECTA_MODE: "production", NODE_ENV: "production" })),
    ).toThrow(/SESSION_SECRET: required in production/);
  });

  it("leaves NODE_ENV as it is where nothing moved it (scripts, tests)", () => {
    expect(withAppMode({ NODE_ENV: "test" }).NODE_ENV).toBe("test");
  });
});
