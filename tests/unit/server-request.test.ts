import type { IncomingMessage } from "node:http";
import { Socket } from "node:net";
import { describe, expect, it } from "vitest";
import { createClientAddress, rateLimitNetwork } from "../../server/client-ip";
import { bodyLimitFor, countFields } from "../../server/request-body";
import { checkRequestTarget } from "../../server/request-target";

const ORIGIN = "https://conecta.teste";

/** The parts of a Node request these checks read. */
function request(
  method: string,
  url: string,
  headers: Record<string, string> = { host: "conecta.teste" },
  remoteAddress = "203.0.113.9",
): IncomingMessage {
  const socket = new Socket();
  Object.defineProperty(socket, "remoteAddress", { value: remoteAddress });
  return { method, url, headers, socket } as unknown as IncomingMessage;
}

describe("checkRequestTarget (issue 11: every request gets an answer)", () => {
  it("takes our pages on our own origin, whatever the Host says", () => {
    const check = checkRequestTarget(
      request("GET", "/eventos?busca=festa", { host: "other.example:8080" }),
      ORIGIN,
    );
    expect(check).toEqual({ ok: true, url: new URL(`${ORIGIN}/eventos?busca=festa`) });
  });

  it("keeps a path that starts with // a path, never another host", () => {
    const check = checkRequestTarget(request("GET", "//evil.example/x"), ORIGIN);
    expect(check.ok && check.url.origin).toBe(ORIGIN);
    expect(check.ok && check.url.pathname).toBe("//evil.example/x");
  });

  it("reads absolute-form targets as proxies send them, and OPTIONS *", () => {
    const absolute = checkRequestTarget(request("GET", "http://any.example/eventos?x=1"), ORIGIN);
    expect(absolute.ok && absolute.url.href).toBe(`${ORIGIN}/eventos?x=1`);
    const star = checkRequestTarget(request("OPTIONS", "*"), ORIGIN);
    expect(star.ok).toBe(true);
  });

  it.each([
    "/%E0%A4%A",
    "/eventos/%",
    "/%G1",
    "/assets/%FF",
    "/%00",
    "/a%0d%0aSet-Cookie:x",
    "evil.example/x",
    "",
    "http://[zz]/",
  ])("refuses the malformed path %j with 400", (url) => {
    expect(checkRequestTarget(request("GET", url), ORIGIN)).toMatchObject({
      ok: false,
      status: 400,
    });
  });

  it.each(["a b", "exemplo.com:abc", "[zzz]", "x".repeat(300), "user@host", "ÿ", "-x.example"])(
    "refuses the malformed Host %j with 400",
    (host) => {
      expect(checkRequestTarget(request("GET", "/", { host }), ORIGIN)).toMatchObject({
        ok: false,
        status: 400,
      });
    },
  );

  it.each(["localhost", "127.0.0.1:3000", "[::1]:3000", "voluntarios.example.org", "a.b.c."])(
    "accepts the Host %j",
    (host) => {
      expect(checkRequestTarget(request("GET", "/", { host }), ORIGIN).ok).toBe(true);
    },
  );

  it.each(["PUT", "DELETE", "PATCH", "TRACE", "PROPFIND", "CONNECT", "get"])(
    "answers the unserved method %s with 405 and Allow",
    (method) => {
      expect(checkRequestTarget(request(method, "/"), ORIGIN)).toMatchObject({
        ok: false,
        status: 405,
        allow: "GET, HEAD, POST",
      });
    },
  );
});

describe("body limits (issue 11: refused before parsing)", () => {
  it("gives sign-in and password forms a small limit, forms with photos a large one", () => {
    expect(bodyLimitFor("/auth/login").maxBytes).toBeLessThanOrEqual(8 * 1024);
    expect(bodyLimitFor("/auth/login.data").maxBytes).toBeLessThanOrEqual(8 * 1024);
    expect(bodyLimitFor("/auth/resetar-senha").maxBytes).toBeLessThanOrEqual(8 * 1024);
    expect(bodyLimitFor("/app/seja-voluntario").maxBytes).toBe(64 * 1024);
    expect(bodyLimitFor("/auth/cadastro").maxBytes).toBeGreaterThan(10 * 1024 * 1024);
    expect(bodyLimitFor("/app/eventos/abc/editar.data").maxBytes).toBeGreaterThan(10 * 1024 * 1024);
  });

  it("fits two 15 MB camera photos where photos are posted, one on the staging endpoint (issue 13)", () => {
    const photo = 15 * 1024 * 1024;
    for (const path of ["/auth/cadastro", "/app/atualizar-instituicao.data", "/app/novo-evento"]) {
      expect(bodyLimitFor(path).maxBytes, path).toBeGreaterThan(2 * photo);
      expect(bodyLimitFor(path).maxBytes, path).toBeLessThanOrEqual(2 * photo + 1024 * 1024);
    }
    expect(bodyLimitFor("/auth/fotos").maxBytes).toBeGreaterThan(photo);
    expect(bodyLimitFor("/auth/fotos").maxBytes).toBeLessThan(photo + 1024 * 1024);
    expect(bodyLimitFor("/auth/fotos").maxFields).toBeLessThanOrEqual(8);
  });

  it("counts urlencoded fields and multipart parts, stopping past the limit", () => {
    const form = "application/x-www-form-urlencoded";
    expect(countFields(Buffer.from(""), form, 10)).toBe(0);
    expect(countFields(Buffer.from("a=1"), form, 10)).toBe(1);
    expect(countFields(Buffer.from("a=1&b=2&c="), form, 10)).toBe(3);
    expect(countFields(Buffer.from("&".repeat(1_000_000)), form, 16)).toBe(18);
    const multipart = `--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x\r\nContent-Disposition: form-data; name="b"\r\n\r\n2\r\n--x--\r\n`;
    expect(countFields(Buffer.from(multipart), "multipart/form-data; boundary=x", 10)).toBe(2);
    expect(countFields(Buffer.from(multipart), 'multipart/form-data; boundary="x"', 10)).toBe(2);
    expect(countFields(Buffer.from("{}"), "application/json", 10)).toBe(0);
  });
});

describe("client address (issue 11: TRUST_PROXY, IPv6 per /64)", () => {
  const forwarded = (xff: string, remote = "10.0.0.2") =>
    request("GET", "/", { host: "x", "x-forwarded-for": xff }, remote);

  it("uses the socket address without a trusted proxy, ignoring X-Forwarded-For", () => {
    expect(createClientAddress({ kind: "none" })(forwarded("1.2.3.4"))).toBe("10.0.0.2");
  });

  it("believes only as many hops as configured, from the right", () => {
    const oneHop = createClientAddress({ kind: "hops", hops: 1 });
    expect(oneHop(forwarded("6.6.6.6, 1.2.3.4"))).toBe("1.2.3.4");
    const twoHops = createClientAddress({ kind: "hops", hops: 2 });
    expect(twoHops(forwarded("6.6.6.6, 1.2.3.4, 10.0.0.9"))).toBe("1.2.3.4");
  });

  it("believes listed proxies only", () => {
    const listed = createClientAddress({ kind: "addresses", addresses: ["10.0.0.0/8"] });
    expect(listed(forwarded("6.6.6.6, 1.2.3.4, 10.0.0.9"))).toBe("1.2.3.4");
    expect(listed(forwarded("1.2.3.4", "192.0.2.1"))).toBe("192.0.2.1");
  });

  it("falls back to the proxy's view when a forwarded entry is garbage", () => {
    const oneHop = createClientAddress({ kind: "hops", hops: 1 });
    expect(oneHop(forwarded("não-é-ip"))).toBe("10.0.0.2");
  });

  it("counts IPv4 clients per address and IPv6 clients per /64", () => {
    expect(rateLimitNetwork("203.0.113.9")).toBe("203.0.113.9");
    expect(rateLimitNetwork("::ffff:203.0.113.9")).toBe("203.0.113.9");
    expect(rateLimitNetwork("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(rateLimitNetwork("2001:db8:1:2:ffff:ffff:ffff:ffff")).toBe("2001:db8:1:2::/64");
    expect(rateLimitNetwork("2001:db8:1:3::1")).not.toBe(rateLimitNetwork("2001:db8:1:2::1"));
  });
});
