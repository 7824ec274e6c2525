import { describe, expect, it } from "vitest";
import { partMeter } from "../../server/form-part-meter";

/** The streaming part meter (ADR 0071): every chunking of a body gives the same verdict. */

const LIMITS = { textBytes: 100, fileBytes: 1000 };
const BOUNDARY = "----formdata-teste";
const TYPE = `multipart/form-data; boundary=${BOUNDARY}`;

function multipart(parts: { name: string; value: string; filename?: string }[]): Buffer {
  const lines = parts.map(
    (part) =>
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"\r\nContent-Type: image/jpeg` : ""}\r\n\r\n${part.value}\r\n`,
  );
  return Buffer.from(`${lines.join("")}--${BOUNDARY}--\r\n`);
}

/** The meter's verdict when the body arrives in chunks of `size` bytes. */
function verdict(type: string, body: Buffer, size: number) {
  const meter = partMeter(type, LIMITS);
  for (let at = 0; at < body.length; at += size) {
    const problem = meter(body.subarray(at, at + size));
    if (problem) return { problem, read: Math.min(at + size, body.length) };
  }
  return { problem: null, read: body.length };
}

const SIZES = [1, 2, 3, 7, 16, 64, 1000, 100_000];

describe("form part meter", () => {
  it("accepts a form whose parts are within their limits, however it is chunked", () => {
    const body = multipart([
      { name: "name", value: "Ana".padEnd(100, "a") },
      { name: "photo", value: "x".repeat(1000), filename: "foto.jpg" },
      { name: "summary", value: `linha\r\n--${BOUNDARY.slice(0, 5)}`.padEnd(100, "b") },
    ]);
    for (const size of SIZES) expect(verdict(TYPE, body, size).problem).toBeNull();
  });

  it("refuses a text part over its limit, even where files may be large", () => {
    const body = multipart([
      { name: "photo", value: "x".repeat(900), filename: "foto.jpg" },
      { name: "about", value: "a".repeat(101) },
    ]);
    for (const size of SIZES) expect(verdict(TYPE, body, size).problem).toBe("text");
  });

  it("refuses a file over its limit", () => {
    const body = multipart([{ name: "photo", value: "x".repeat(1001), filename: "f.jpg" }]);
    for (const size of SIZES) expect(verdict(TYPE, body, size).problem).toBe("file");
  });

  it("refuses as soon as the part passes its limit, not at its end", () => {
    const body = multipart([{ name: "about", value: "a".repeat(1_000_000) }]);
    const { problem, read } = verdict(TYPE, body, 64);
    expect(problem).toBe("text");
    expect(read).toBeLessThan(400);
  });

  it("bounds a part's headers", () => {
    const body = Buffer.from(`--${BOUNDARY}\r\nX-Long: ${"h".repeat(20_000)}`);
    expect(verdict(TYPE, body, 1000).problem).toBe("headers");
  });

  it("bounds each urlencoded pair", () => {
    const type = "application/x-www-form-urlencoded";
    const fine = Buffer.from(`a=${"x".repeat(98)}&b=${"y".repeat(98)}`);
    const long = Buffer.from(`a=1&about=${"x".repeat(5000)}&c=3`);
    for (const size of SIZES) {
      expect(verdict(type, fine, size).problem).toBeNull();
      expect(verdict(type, long, size).problem).toBe("text");
    }
    expect(verdict(type, long, 16).read).toBeLessThan(200);
  });

  it("leaves other content types to the form reading", () => {
    expect(verdict("application/json", Buffer.from("x".repeat(5000)), 100).problem).toBeNull();
  });
});
