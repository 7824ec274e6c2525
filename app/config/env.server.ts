import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import ipaddr from "ipaddr.js";
import { z } from "zod";
import { preparePrivateDir, writePrivateFile } from "~/lib/private-files.server";

/**
 * Which proxies in front of the app may say who the client is (X-Forwarded-For): none, the
 * nearest `hops` of them, or those at the given addresses (server/client-ip.ts).
 */
export type TrustProxy =
  | { kind: "none" }
  | { kind: "hops"; hops: number }
  | { kind: "addresses"; addresses: string[] };

const PROXY_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

function parseTrustProxy(value: string): TrustProxy | null {
  const text = value.trim();
  if (text === "false" || text === "0") return { kind: "none" };
  if (text === "true") return { kind: "hops", hops: 1 };
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return hops <= 32 ? { kind: "hops", hops } : null;
  }
  const addresses = text.split(",").map((entry) => entry.trim());
  const valid = addresses.every((entry) => PROXY_NAMES.has(entry) || isAddressOrRange(entry));
  return valid && addresses.length > 0 ? { kind: "addresses", addresses } : null;
}

function isAddressOrRange(entry: string): boolean {
  const [address, bits, ...rest] = entry.split("/");
  if (rest.length > 0 || !address || !ipaddr.isValid(address)) return false;
  if (bits === undefined) return true;
  const max = ipaddr.parse(address).kind() === "ipv4" ? 32 : 128;
  return /^\d+$/.test(bits) && Number(bits) <= max;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const INTERVAL_UNITS: Record<string, number> = { m: 60_000, h: 3_600_000, d: DAY_MS };

/** "off" is null; "30m", "6h", "1d" are milliseconds (at least a minute); anything else undefined. */
function parseInterval(value: string): number | null | undefined {
  const text = value.trim().toLowerCase();
  if (text === "off") return null;
  const match = /^(\d{1,4})\s*([mhd])$/.exec(text);
  if (!match?.[1] || !match[2]) return undefined;
  const ms = Number(match[1]) * (INTERVAL_UNITS[match[2]] ?? 0);
  return ms >= 60_000 ? ms : undefined;
}

/**
 * The one place that reads process.env. Everything else imports `env()`.
 * A bad value stops the process at start with a message that names the variable.
 */
const schema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
    DATA_DIR: z.string().min(1).default("./data"),
    DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
    SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
    MAIL_FROM: z.string().min(3).optional(),
    APP_NAME: z.string().min(1).default("Conecta Voluntário"),
    CONTACT_EMAIL: z.email().default("contato@conectavoluntario.org"),
    SUPPORT_WHATSAPP: z
      .string()
      .regex(/^\d{12,13}$/, "must be digits only: 55, area code and number, e.g. 5561912345678")
      .optional(),
    SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
    /** Prometheus metrics (ADR 0074): a listener of their own, on loopback unless told. */
    METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
    METRICS_HOST: z.string().min(1).default("127.0.0.1"),
    /** Or `/metrics` on the app's port, for a scraper that sends this bearer token. */
    METRICS_TOKEN: z.string().min(32, "must be at least 32 characters").optional(),
    /** Backups (docs/decisions/0076): where `npm run backup` and the scheduled ones write. */
    BACKUP_DIR: z.string().min(1).optional(),
    /** How often the server takes one: 30m, 6h, 1d ...; "off" for never. */
    BACKUP_INTERVAL: z
      .string()
      .optional()
      .transform((value, ctx): number | null | undefined => {
        if (value === undefined) return undefined;
        const parsed = parseInterval(value);
        if (parsed !== undefined) return parsed;
        ctx.addIssue({
          code: "custom",
          message: 'must be "off" or a number of minutes, hours or days: 30m, 6h, 1d',
        });
        return z.NEVER;
      }),
    /** How many scheduled backups to keep in BACKUP_DIR (older ones are deleted). */
    BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(7),
    /** Read only by `npm run admin:create`; the rule is checked there, with a clear message. */
    ADMIN_PASSWORD: z.string().optional(),
    TRUST_PROXY: z
      .string()
      .default("false")
      .transform((value, ctx): TrustProxy => {
        const parsed = parseTrustProxy(value);
        if (parsed) return parsed;
        ctx.addIssue({
          code: "custom",
          message:
            "must be false, true (one proxy), a number of proxies, or a comma-separated list of proxy addresses or CIDR ranges (e.g. 10.0.0.0/8,loopback)",
        });
        return z.NEVER;
      }),
  })
  .transform((raw) => {
    const baseUrl = new URL(raw.BASE_URL ?? `http://localhost:${raw.PORT}`);
    return {
      ...raw,
      BASE_URL: baseUrl.origin,
      DATA_DIR: path.resolve(raw.DATA_DIR),
      BACKUP_DIR: path.resolve(raw.BACKUP_DIR ?? path.join(raw.DATA_DIR, "backups")),
      // Daily unless told; never in tests, which start many servers and ask for it when they
      // test it.
      BACKUP_INTERVAL:
        raw.BACKUP_INTERVAL === undefined
          ? raw.NODE_ENV === "test"
            ? null
            : DAY_MS
          : raw.BACKUP_INTERVAL,
      MAIL_FROM: raw.MAIL_FROM ?? `${raw.APP_NAME} <nao-responda@${baseUrl.hostname}>`,
      isProduction: raw.NODE_ENV === "production",
      isEmbeddedDatabase: raw.DATABASE_URL === undefined,
      isHttps: baseUrl.protocol === "https:",
    };
  });

export type Env = z.infer<typeof schema> & { SESSION_SECRET: string };

export class ConfigError extends Error {
  override name = "ConfigError";
}

let cached: Env | undefined;

export function env(): Env {
  cached ??= loadEnv(withAppMode(process.env));
  return cached;
}

/**
 * The app's mode is NODE_ENV as the operator set it: server/main.js moves that value to
 * CONECTA_MODE before it sets NODE_ENV=production for the libraries (docs/decisions/0035).
 * Elsewhere (scripts, tests) there is no CONECTA_MODE and NODE_ENV is read as it is.
 */
export function withAppMode(
  source: Record<string, string | undefined>,
): Record<string, string | undefined> {
  if (source.CONECTA_MODE === undefined) return source;
  return { ...source, NODE_ENV: source.CONECTA_MODE };
}

/** Parses an environment; exported for tests, which pass their own object. */
export function loadEnv(source: Record<string, string | undefined>): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ""));
  const result = schema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => {
      const name = issue.path.join(".") || "environment";
      const got = cleaned[name] === undefined ? "" : ` (got ${JSON.stringify(cleaned[name])})`;
      return `  ${name}: ${issue.message}${got}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const parsed = result.data;
  return { ...parsed, SESSION_SECRET: parsed.SESSION_SECRET ?? localSessionSecret(parsed) };
}

function localSessionSecret(parsed: z.infer<typeof schema>): string {
  if (parsed.isProduction) {
    throw new ConfigError(
      "Invalid configuration:\n  SESSION_SECRET: required in production (at least 32 characters)",
    );
  }
  const file = path.join(parsed.DATA_DIR, "session-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  preparePrivateDir(parsed.DATA_DIR);
  const secret = randomBytes(32).toString("base64url");
  writePrivateFile(file, `${secret}\n`);
  return secret;
}
