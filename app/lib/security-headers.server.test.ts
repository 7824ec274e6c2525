import { describe, expect, it } from "vitest";
import { newNonce } from "./security-headers.server";

describe("newNonce", () => {
  it("gives 128 random bits in base64, never the same twice, across refills of its pool", () => {
    const nonces = Array.from({ length: 1_000 }, () => newNonce());
    for (const nonce of nonces) {
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(Buffer.from(nonce, "base64")).toHaveLength(16);
    }
    expect(new Set(nonces).size).toBe(nonces.length);
  });
});
