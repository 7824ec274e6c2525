import { describe, expect, it } from "vitest";
import { afterLoginPath, safeReturnPath } from "~/auth/redirects.server";
import type { SessionUser } from "~/auth/session-user";

/**
 * Issue 11, item 9: the `redirectTo` of the login page is honoured only when it is our own
 * application form, `/app/seja-voluntario?id=<uuid>`; every other value, however it is written,
 * sends the person to their home and can never reach a Location header.
 */

const ID = "3f2b8c4e-9a1d-4e6f-8b2a-0c5d7e9f1a2b";
const FORM = `/app/seja-voluntario?id=${ID}`;

const volunteer = {
  id: "u1",
  email: "v@teste.org.br",
  name: "V",
  role: "USER",
  profile: "VOLUNTEER",
} as unknown as SessionUser;

describe("safeReturnPath", () => {
  it("keeps the application form of an institution", () => {
    expect(safeReturnPath(FORM)).toBe(FORM);
    expect(safeReturnPath(`/app/seja-voluntario?id=${ID.toUpperCase()}`)).toBe(FORM);
    // Other parameters are dropped, the id kept.
    expect(safeReturnPath(`${FORM}&utm_source=whatsapp`)).toBe(FORM);
  });

  it.each([
    ["a line break", `${FORM}\r\nSet-Cookie: x=1`],
    ["a percent-encoded line break in the path", "/app/seja-voluntario%0d%0aX"],
    ["a percent-encoded line break in the id", "/app/seja-voluntario?id=%0d%0a"],
    ["a NUL", `${FORM}\u0000`],
    ["a tab", `/app/seja-voluntario?id=\t${ID}`],
    ["a space", `/app/seja-voluntario?id= ${ID}`],
    ["DEL", `${FORM}\u007f`],
    ["a Unicode line separator", `${FORM}\u2028`],
    ["a non-ASCII look-alike", `/app/seja-voluntário?id=${ID}`],
    ["another origin", `https://evil.example${FORM}`],
    ["a protocol-relative address", `//evil.example${FORM}`],
    ["a backslash authority", `/\\evil.example${FORM}`],
    ["a backslash after the path", `/app/seja-voluntario\\..\\..\\?id=${ID}`],
    ["javascript:", `javascript:alert(1)//${FORM}`],
    ["data:", "data:text/html,<script>alert(1)</script>"],
    ["a dot segment", `/app/seja-voluntario/../voluntario?id=${ID}`],
    ["an encoded dot segment", `/app/seja-voluntario/%2e%2e/voluntario?id=${ID}`],
    ["an encoded slash", `/app/seja-voluntario%2F..%2F..%2Fadmin?id=${ID}`],
    ["an encoded double slash", `%2F%2Fevil.example${FORM}`],
    ["a longer path", `/app/seja-voluntario-falso?id=${ID}`],
    ["a sub-path", `/app/seja-voluntario/x?id=${ID}`],
    ["no id", "/app/seja-voluntario?"],
    ["the form without a query", "/app/seja-voluntario"],
    ["an id that is not a UUID", "/app/seja-voluntario?id=1 or 1=1"],
    ["an id with an encoded break", `/app/seja-voluntario?id=${ID}%0d%0a`],
    ["two ids", `${FORM}&id=${ID}`],
    ["a fragment trick", `/app/seja-voluntario#?id=${ID}`],
    ["another page of ours", "/app/voluntario"],
    ["10 000 characters", `${FORM}&x=${"a".repeat(10_000)}`],
    ["an empty value", ""],
  ])("refuses %s", (_label, value) => {
    expect(safeReturnPath(value)).toBeNull();
    expect(afterLoginPath(value, volunteer)).toBe("/app/voluntario");
  });

  it.each([null, undefined, 42, {}, new File([], "x")])("refuses a non-string (%s)", (value) => {
    expect(safeReturnPath(value)).toBeNull();
  });

  it("whatever it is given, the answer is a path a Location header can carry", () => {
    for (let code = 0; code < 0x110; code++) {
      const value = `/app/seja-voluntario?id=${ID}${String.fromCharCode(code)}`;
      const path = afterLoginPath(value, volunteer);
      expect(() => new Headers({ Location: path }), `U+${code.toString(16)}`).not.toThrow();
      expect(path === FORM || path === "/app/voluntario").toBe(true);
    }
  });
});

describe("safeReturnPath for an event's page (issue 15)", () => {
  const EVENT = `/eventos/${ID}`;

  it("keeps an event's page, its id lower-cased", () => {
    expect(safeReturnPath(EVENT)).toBe(EVENT);
    expect(safeReturnPath(`/eventos/${ID.toUpperCase()}`)).toBe(EVENT);
  });

  it.each([
    ["a query", `${EVENT}?x=1`],
    ["a longer path", `${EVENT}/calendario.ics`],
    ["a trailing slash", `${EVENT}/`],
    ["another origin", `https://evil.example${EVENT}`],
    ["a protocol-relative address", `//evil.example${EVENT}`],
    ["not an id", "/eventos/nao-e-um-id"],
    ["a line break", `${EVENT}\r\nSet-Cookie: x=1`],
    ["a dot segment", `/eventos/../admin/${ID}`],
  ])("refuses %s", (_what, value) => {
    expect(safeReturnPath(value)).toBeNull();
  });

  it("sends a volunteer back to the event after signing in", () => {
    expect(afterLoginPath(EVENT, volunteer)).toBe(EVENT);
  });
});
