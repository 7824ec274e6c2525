import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger, escapeControl } from "~/lib/log.server";

/** Everything a logger in `format` writes for one entry. */
function written(format: "json" | "pretty", write: (log: ReturnType<typeof createLogger>) => void) {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on("data", (chunk: Buffer) => chunks.push(chunk));
  write(createLogger({ LOG_FORMAT: format }, stream));
  return Buffer.concat(chunks).toString("utf8");
}

const FORGED = "vitima@exemplo.com\n[12:00:00.000] INFO: sign-in success\u001b[2J\r\u2028x";

describe("log escaping (issue 11: log lines cannot be forged)", () => {
  it("writes every control character of a value as a visible escape", () => {
    expect(escapeControl("a\nb\rc\td\u0000e\u001bf\u009bg\u2028h")).toBe(
      "a\\nb\\rc\\td\\u0000e\\u001bf\\u009bg\\u2028h",
    );
  });

  it("keeps one entry on one line in JSON, with the value intact", () => {
    const out = written("json", (log) => log.info({ email: FORGED }, "sign-in failure"));
    expect(out.trimEnd().split("\n")).toHaveLength(1);
    expect(JSON.parse(out)).toMatchObject({ level: "info", msg: "sign-in failure", email: FORGED });
  });

  it("keeps one entry on one line in the readable format, message and fields alike", () => {
    const out = written("pretty", (log) => log.info({ email: FORGED }, `sign-in ${FORGED}`));
    expect(out.trimEnd().split("\n")).toHaveLength(1);
    expect(out).not.toContain("\u001b[2J");
    expect(out).toContain(
      "INFO: sign-in vitima@exemplo.com\\n[12:00:00.000] INFO: sign-in success",
    );
  });

  it("escapes an error's message in the readable format, stack frames on their own lines", () => {
    const out = written("pretty", (log) =>
      log.error({ err: new Error(`falhou\nINFO: forjado`) }, "sign-up failed"),
    );
    expect(out).toContain("falhou\\nINFO: forjado");
    expect(out).not.toMatch(/^INFO: forjado/m);
  });
});
