import pino, { type Logger } from "pino";
import pinoPretty from "pino-pretty";

/**
 * The one logger (ADR 0011). JSON lines (`LOG_FORMAT=json`, the default in production) for log
 * collectors; one readable line per entry otherwise. Messages are constant words chosen by the
 * code ("sign-in failure"); what came from a request (an e-mail, a path, an error's text) goes in
 * the fields. Either way no value can start a line of its own: JSON escapes control characters,
 * and the readable format prints fields as JSON too, while messages and error texts have theirs
 * escaped here (a forged "\n... INFO: sign-in success" stays on its own line, visibly quoted).
 *
 * Configured by LOG_FORMAT (json | pretty) and LOG_LEVEL, read here rather than through env():
 * the logger must work before (and when) the rest of the configuration fails to validate.
 */

// C0 controls, DEL, C1 controls (CSI among them) and the Unicode line and paragraph separators.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

/** The text with every control character written as a visible escape (`\n`, `\u001b`). */
export function escapeControl(text: string): string {
  return text.replace(CONTROL, (char) => {
    if (char === "\n") return "\\n";
    if (char === "\r") return "\\r";
    if (char === "\t") return "\\t";
    return `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`;
  });
}

type LogFormat = "json" | "pretty";

function formatFrom(source: NodeJS.ProcessEnv): LogFormat {
  if (source.LOG_FORMAT === "json" || source.LOG_FORMAT === "pretty") return source.LOG_FORMAT;
  return source.NODE_ENV === "production" ? "json" : "pretty";
}

const LEVELS = new Set(["fatal", "error", "warn", "info", "debug", "trace", "silent"]);

/**
 * An error as a log field: its type, message and where it happened. The stack's first line
 * repeats the message, so it is rebuilt from the (escaped, when printed as text) message.
 */
function errorSerializer(escapeText: (text: string) => string) {
  const serialize = (error: unknown): Record<string, unknown> => {
    if (!(error instanceof Error)) return { message: escapeText(String(error)) };
    const message = escapeText(error.message);
    const frames = error.stack?.split("\n").filter((line) => /^\s+at /.test(line)) ?? [];
    const serialized: Record<string, unknown> = {
      type: error.name,
      message,
      stack: [`${error.name}: ${message}`, ...frames].join("\n"),
    };
    const code = (error as { code?: unknown }).code;
    if (typeof code === "string" || typeof code === "number") serialized.code = code;
    if (error.cause !== undefined) serialized.cause = serialize(error.cause);
    return serialized;
  };
  return serialize;
}

export function createLogger(
  source: NodeJS.ProcessEnv = process.env,
  destination?: NodeJS.WritableStream,
): Logger {
  const format = formatFrom(source);
  const level = LEVELS.has(source.LOG_LEVEL ?? "") ? (source.LOG_LEVEL as string) : "info";
  // JSON escapes every control character itself; the readable format prints messages as they are.
  const escapeText = format === "pretty" ? escapeControl : (text: string) => text;
  const serializeError = errorSerializer(escapeText);
  const options: pino.LoggerOptions = {
    level,
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    serializers: { err: serializeError, error: serializeError },
    hooks: {
      logMethod(args, method) {
        const escaped = args.map((arg) => (typeof arg === "string" ? escapeText(arg) : arg));
        method.apply(this, escaped as Parameters<typeof method>);
      },
    },
  };
  if (format === "json") {
    return pino(options, destination ?? pino.destination({ fd: 1, sync: true }));
  }
  const pretty = pinoPretty({
    sync: true,
    singleLine: true,
    colorize: destination === undefined && process.stdout.isTTY === true,
    translateTime: "HH:MM:ss.l",
    ignore: "pid,hostname",
    destination: destination ?? 1,
  });
  return pino(options, pretty);
}

const slot = globalThis as typeof globalThis & { __conectaLog?: Logger };

/** The process's logger (one instance, also across the dev server's module reloads). */
slot.__conectaLog ??= createLogger();
export const log: Logger = slot.__conectaLog;
