import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { brotliWindowBits, chooseEncoding, EncodedBody, etagMatches } from "./encoded-body.server";

describe("encoded bodies", () => {
  it("chooses brotli, then gzip, and honours q=0", () => {
    expect(chooseEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(chooseEncoding("gzip;q=1.0, br;q=0")).toBe("gzip");
    expect(chooseEncoding("deflate")).toBe("identity");
    expect(chooseEncoding(null)).toBe("identity");
  });

  it("compresses once per encoding, answers asking at once sharing the pass", async () => {
    const page = new EncodedBody(Buffer.from("<p>Instituições</p>".repeat(500)), "quick");
    expect(page.ready("br")).toBeUndefined();
    const [first, second] = await Promise.all([page.make("br"), page.make("br")]);
    expect(second).toBe(first);
    expect(page.ready("br")).toBe(first);
    expect(brotliDecompressSync(first).equals(page.identity)).toBe(true);
    expect(gunzipSync(await page.make("gzip")).equals(page.identity)).toBe(true);
    expect(page.size).toBe(page.identity.length + first.length + (page.ready("gzip")?.length ?? 0));
  });

  it("gives brotli the smallest window that holds the body (ADR 0061)", () => {
    expect(brotliWindowBits(10)).toBe(16);
    expect(brotliWindowBits(81_000)).toBe(17);
    expect(brotliWindowBits(2 ** 17 - 16)).toBe(17);
    expect(brotliWindowBits(2 ** 17 - 15)).toBe(18);
    expect(brotliWindowBits(50_000_000)).toBe(24);
  });

  it("matches If-None-Match by tag, weak or strong, or *", () => {
    const { etag } = new EncodedBody(Buffer.from("[]"), "thorough");
    expect(etagMatches(`W/${etag}, "outro"`, etag)).toBe(true);
    expect(etagMatches("*", etag)).toBe(true);
    expect(etagMatches('"outro"', etag)).toBe(false);
    expect(etagMatches(undefined, etag)).toBe(false);
  });
});
