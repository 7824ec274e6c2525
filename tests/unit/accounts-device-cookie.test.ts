import { randomBytes } from "node:crypto";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { deviceCookieAfterSignIn, trustedDeviceNonce } from "~/auth/device-cookie.server";

/**
 * Issue 11 (ADR 0013): the device cookie that lets the owner's own browsers past a lockout
 * others caused. Signed with a key from SESSION_SECRET, bound to the e-mail, expiring, and
 * holding a few people of a shared computer.
 */

beforeAll(() => {
  // env() is read on first use (Vitest's own BASE_URL is "/").
  vi.stubEnv("BASE_URL", "http://127.0.0.1:4999");
  vi.stubEnv("SESSION_SECRET", randomBytes(32).toString("hex"));
  vi.stubEnv("NODE_ENV", "test");
});

afterEach(() => {
  vi.useRealTimers();
});

const ANA = "ana@teste.org.br";
const BIA = "bia@teste.org.br";

/** The Cookie header a browser sends back to /auth/login after receiving `setCookies`. */
function cookieHeader(setCookies: string[]): string {
  const forLogin = setCookies.find((header) => header.includes("; Path=/auth;"));
  return forLogin?.split(";")[0] ?? "";
}

describe("device cookie", () => {
  it("is HttpOnly, SameSite=Lax, long-lived, sent only to the sign-in doors, and names no account", () => {
    const setCookies = deviceCookieAfterSignIn(null, ANA);
    expect(setCookies.map((header) => header.match(/; Path=([^;]+);/)?.[1])).toEqual([
      "/auth",
      "/admin",
    ]);
    const [auth, admin] = setCookies;
    expect(auth?.split(";")[0]).toBe(admin?.split(";")[0]);
    for (const header of setCookies) {
      expect(header).toMatch(
        /^conecta\.device=[\w.~-]+; Path=\/\w+; HttpOnly; SameSite=Lax; Max-Age=15552000$/,
      );
      expect(header).not.toContain("ana");
    }
  });

  it("trusts the browser for the account it signed in to, and only that one", () => {
    const header = cookieHeader(deviceCookieAfterSignIn(null, ANA));
    expect(trustedDeviceNonce(header, ANA)).toMatch(/^[\w-]{22}$/);
    expect(trustedDeviceNonce(header, BIA)).toBeNull();
    expect(trustedDeviceNonce(null, ANA)).toBeNull();
  });

  it("a forged or altered cookie is not trusted", () => {
    const header = cookieHeader(deviceCookieAfterSignIn(null, ANA));
    const [name, value = ""] = header.split("=");
    const [nonce, time, signature = ""] = value.split(".");
    const flipped = `${signature.slice(0, -1)}${signature.endsWith("A") ? "B" : "A"}`;
    expect(trustedDeviceNonce(`${name}=${nonce}.${time}.${flipped}`, ANA)).toBeNull();
    const otherNonce = randomBytes(16).toString("base64url");
    expect(trustedDeviceNonce(`${name}=${otherNonce}.${time}.${signature}`, ANA)).toBeNull();
    // A later issue time would make an old entry live longer: refused.
    expect(
      trustedDeviceNonce(
        `${name}=${nonce}.${(Number.parseInt(time ?? "0", 36) + 1).toString(36)}.${signature}`,
        ANA,
      ),
    ).toBeNull();
    expect(trustedDeviceNonce(`${name}=lixo`, ANA)).toBeNull();
  });

  it("expires after 180 days", () => {
    vi.useFakeTimers({ now: new Date("2026-01-01T12:00:00Z") });
    const header = cookieHeader(deviceCookieAfterSignIn(null, ANA));
    vi.setSystemTime(new Date("2026-06-29T11:00:00Z"));
    expect(trustedDeviceNonce(header, ANA)).not.toBeNull();
    vi.setSystemTime(new Date("2026-06-30T12:00:01Z"));
    expect(trustedDeviceNonce(header, ANA)).toBeNull();
  });

  it("a shared computer keeps the last eight people; signing in again renews one's own entry", () => {
    let header = "";
    const people = Array.from({ length: 9 }, (_, index) => `pessoa${index}@teste.org.br`);
    for (const email of people) header = cookieHeader(deviceCookieAfterSignIn(header, email));
    expect(trustedDeviceNonce(header, people[0] ?? "")).toBeNull();
    for (const email of people.slice(1)) expect(trustedDeviceNonce(header, email)).not.toBeNull();

    const before = trustedDeviceNonce(header, people[4] ?? "");
    header = cookieHeader(deviceCookieAfterSignIn(header, people[4] ?? ""));
    const after = trustedDeviceNonce(header, people[4] ?? "");
    expect(after).not.toBeNull();
    expect(after).not.toBe(before);
    expect(header.split("~")).toHaveLength(8);
    for (const email of people.slice(1)) expect(trustedDeviceNonce(header, email)).not.toBeNull();
  });
});
