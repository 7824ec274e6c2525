import { connect } from "node:net";
import type { Random } from "~/seed/random.server";

/**
 * Random and malformed HTTP/1.x requests, written byte by byte on a raw socket (issue 11): the
 * request line (methods, targets with broken percent-escapes, versions), the headers (Host,
 * Content-Length and Transfer-Encoding combinations, Origin, Cookie, oversized and odd ones) and
 * the body. Every request is complete as its framing declares (a body shorter than its declared
 * length would only leave the server waiting), so every one of them is owed an answer. The same
 * seed gives the same requests (tests/e2e/fuzz-requests.test.ts logs it).
 */

export interface FuzzTarget {
  /** "127.0.0.1:<port>", what a browser would send as Host. */
  host: string;
  /** The server's origin, for Origin headers that pass the cross-origin check. */
  origin: string;
  /** Paths worth aiming at: every route with real and malformed ids, assets, health checks. */
  paths: string[];
  /** A signed-in volunteer's Cookie header, so private routes are reached too. */
  sessionCookie: string;
}

export interface FuzzRequest {
  /** What the request is, for the failure report. */
  summary: string;
  bytes: Buffer;
}

const below = (random: Random, n: number): number => random.int(0, n - 1);

const METHODS = [
  ...["GET", "GET", "GET", "GET", "HEAD", "POST", "POST", "POST", "OPTIONS"],
  ...["PUT", "DELETE", "PATCH", "TRACE", "CONNECT", "PROPFIND", "MKCOL", "SEARCH", "QUERY"],
  ...["get", "PRI", "ACL", "M-SEARCH", "G ET", "", "X".repeat(70), "POST\u0000"],
];

const BAD_ESCAPES = [
  "%",
  "%G",
  "%GZ",
  "%E0%A4%A",
  "%E0%A4",
  "%C0%AE",
  "%C0%AE%C0%AE/",
  "%FF%FE",
  "%00",
  "%0d%0a",
  "%0D%0ASet-Cookie:%20x=1",
  "%2e%2e/",
  "%2F",
  "%5C",
  "%u0041",
  "%%",
  "%25",
  "%ED%A0%80",
  "%F4%90%80%80",
];

const RAW_BYTES = ["\u0080", "\u00ff", "é", "\u00a0", "\\", "|", "^", "`", "{", "}", '"', "<", ">"];

const VERSIONS = [
  ...Array(16).fill("HTTP/1.1"),
  ...[
    "HTTP/1.0",
    "HTTP/1.0",
    "HTTP/2.0",
    "HTTP/1.2",
    "HTTP/9.9",
    "HTTP/1",
    "http/1.1",
    "HTTP/1.1 x",
  ],
  "",
];

function mutatePath(random: Random, path: string): string {
  switch (below(random, 14)) {
    case 0:
    case 1: {
      const at = below(random, path.length + 1);
      return `${path.slice(0, at)}${random.pick(BAD_ESCAPES)}${path.slice(at)}`;
    }
    case 2:
      return `${random.pick(["//", "///", "/\\", "/./", "/../"])}${path.replace(/^\//, "")}`;
    case 3:
      return `${path}/..${random.pick(["/..", "%2f..", "/etc/passwd", "/%2e%2e"])}`;
    case 4: {
      const at = below(random, path.length + 1);
      return `${path.slice(0, at)}${random.pick(RAW_BYTES)}${path.slice(at)}`;
    }
    case 5:
      return `${path}${random.pick([".data", ".data?_routes=routes%2Fhome", ".data?_routes=%FF", ".DATA"])}`;
    case 6:
      return `${path}?${random.pick(QUERIES)(random)}`;
    case 7:
      return `${path}/${"a".repeat(random.pick([300, 5_000, 20_000, 70_000]))}`;
    case 8:
      return random.pick(["*", "", " ", "?", "#", "http://", "evil.example/x"]);
    case 9:
      return `${random.pick(["http://", "https://", "HTTP://", "ftp://"])}${random.pick(["evil.example", "127.0.0.1", "[::1]", "a b", ""])}${path}`;
    case 10:
      return `${path}#${random.pick(["x", "%", "\u00ff"])}`;
    case 11:
      return path.toUpperCase();
    default:
      return path;
  }
}

const QUERIES: ((random: Random) => string)[] = [
  () => "redirectTo=%2Fapp%2Fseja-voluntario%0d%0aX-Injected%3A%201",
  () => "redirectTo=%2F%2Fevil.example",
  () => "redirectTo=%2Fapp%2Fseja-voluntario%3Fid%3D%FF",
  () => "busca=%",
  (random) => `busca=${"%E2%9C%93".repeat(below(random, 2000))}`,
  () => "busca=%00%00",
  () => "pagina=-1&pagina=99999999999999999999",
  () => "w=abc",
  () => "w=400&w=800",
  () => "token=%0d%0a",
  () => "etapa=concluido",
  () => "secao=%FF&aba=x",
  () => "id=../../etc/passwd",
  () => "_data=routes%2Fhome",
  (random) => "&".repeat(below(random, 5_000)),
  () => "a[b][c]=1&__proto__[x]=1&constructor[prototype][y]=2",
];

const BAD_HOSTS = [
  null,
  "",
  "a b",
  "evil.example",
  "[::1]",
  "[zzz]",
  "localhost:99999",
  "localhost:abc",
  "\u00ff\u00fe",
  "x".repeat(300),
  "-leading-dash.example",
  "host_with_underscore",
  "127.0.0.1:0",
  "@evil",
  "user:pass@host",
  "%00",
];

function cookieHeader(random: Random, target: FuzzTarget): string | null {
  switch (below(random, 12)) {
    case 0:
    case 1:
    case 2:
      return null;
    case 3:
    case 4:
      return target.sessionCookie;
    case 5:
      return `conecta.session_token=${random.pick(["", "x", "%", "%FF", "a.b.c", "a".repeat(500)])}`;
    case 6:
      return `conecta.flash=${random.pick(["%7B", "%", "{}", "%7B%22message%22%3A1%7D", "%E0%A4%A"])}`;
    case 7:
      return `conecta.signup=${random.pick(["", "x".repeat(24), "%", "\u00ff"])}`;
    case 8:
      return random.pick(["=;=;;;", ";", "a", "a=b=c", "conecta.session_token"]);
    case 9:
      return `big=${"c".repeat(random.pick([4_000, 9_000, 20_000]))}`;
    case 10:
      return `${target.sessionCookie}; conecta.session_token=outro; conecta.flash=%7B`;
    default:
      return `conecta.device=${random.pick(["", "x", "%", "a.b"])}; __Secure-conecta.session_token=x`;
  }
}

function originHeader(random: Random, target: FuzzTarget): [string, string][] {
  switch (below(random, 8)) {
    case 0:
    case 1:
    case 2:
    case 3:
      return [["Origin", target.origin]];
    case 4:
      return [
        [
          "Origin",
          random.pick(["null", "https://evil.example", "", "%", target.origin.toUpperCase()]),
        ],
      ];
    case 5:
      return [["Sec-Fetch-Site", random.pick(["same-origin", "cross-site", "none", "x"])]];
    case 6:
      return [["Referer", random.pick([`${target.origin}/`, "https://evil.example/", "%", ""])]];
    default:
      return [];
  }
}

function extraHeaders(random: Random): [string, string][] {
  const pool: (() => [string, string])[] = [
    () => [
      "X-Forwarded-For",
      random.pick(["1.2.3.4", "garbage", "", "1.2.3.4, ::1", "999.1.1.1", "fe80::1%eth0"]),
    ],
    () => ["Accept-Encoding", random.pick(["br, gzip", "gzip;q=0", "*", "x".repeat(500), ""])],
    () => ["Expect", random.pick(["100-continue", "something-else"])],
    () => ["If-None-Match", random.pick(['"x"', "*", 'W/""', "%"])],
    () => ["Range", random.pick(["bytes=0-10", "bytes=-1", "bytes=x"])],
    () => ["Accept", random.pick(["text/html", "*/*", "application/json", ""])],
    () => ["Content-Encoding", random.pick(["gzip", "br", "x"])],
    () => ["User-Agent", random.pick(["Googlebot/2.1", "", "\u00ff", "x".repeat(4_000)])],
    () => [random.pick(["X-Weird", "X_Underscore", "Foo:Bar", " Leading", "Ünïcode"]), "1"],
    () => ["Connection", random.pick(["Upgrade", "keep-alive, Upgrade", "x"])],
    () => ["Upgrade", random.pick(["websocket", "h2c", "x"])],
    () => ["Sec-Fetch-Mode", random.pick(["navigate", "cors", "x"])],
  ];
  const headers: [string, string][] = [];
  const count = below(random, 4);
  for (let i = 0; i < count; i++) headers.push(random.pick(pool)());
  if (random.chance(0.02)) {
    for (let i = 0; i < 300; i++) headers.push([`X-Many-${i}`, String(i)]);
  }
  return headers;
}

const encoder = new TextEncoder();

function formBody(random: Random): { type: string; body: Buffer } {
  switch (below(random, 7)) {
    case 0:
      return {
        type: "application/x-www-form-urlencoded",
        body: Buffer.from(
          "email=a%40b.c&password=senha123&redirectTo=%2Fapp%2Fseja-voluntario%0d%0a",
        ),
      };
    case 1:
      return {
        type: "application/x-www-form-urlencoded",
        body: Buffer.from("&".repeat(random.pick([10, 1_000, 100_000]))),
      };
    case 2: {
      const boundary = `b${below(random, 1e6)}`;
      const parts = Array.from(
        { length: random.pick([1, 3, 200]) },
        (_, i) => `--${boundary}\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\nv\r\n`,
      ).join("");
      return {
        type: `multipart/form-data; boundary=${boundary}`,
        body: Buffer.from(`${parts}--${boundary}--\r\n`),
      };
    }
    case 3:
      return {
        type: random.pick([
          "multipart/form-data",
          "multipart/form-data; boundary=",
          'multipart/form-data; boundary="x',
        ]),
        body: Buffer.from("--x\r\n\r\n"),
      };
    case 4:
      return {
        type: random.pick(["application/json", "text/plain", "", "x/y; charset=ü"]),
        body: Buffer.from('{"email":"a@b.c"}'),
      };
    case 5:
      return {
        type: "application/x-www-form-urlencoded",
        body: Buffer.from(
          Uint8Array.from({ length: below(random, 4_000) }, () => below(random, 256)),
        ),
      };
    default:
      return {
        type: "application/x-www-form-urlencoded",
        body: Buffer.from(encoder.encode("intent=aprovar&id=%FF")),
      };
  }
}

/** The framing of the body: how its length is told, or deliberately mis-told. */
function framing(random: Random, body: Buffer): { headers: [string, string][]; wire: Buffer } {
  switch (below(random, 12)) {
    case 0:
      return { headers: [], wire: Buffer.alloc(0) };
    case 1:
    case 2:
    case 3:
    case 4:
      return { headers: [["Content-Length", String(body.length)]], wire: body };
    case 5: {
      const chunks: Buffer[] = [];
      for (let at = 0; at < body.length; at += 1_000) {
        const chunk = body.subarray(at, at + 1_000);
        chunks.push(
          Buffer.from(`${chunk.length.toString(16)}${random.chance(0.2) ? ";ext=1" : ""}\r\n`),
          chunk,
          Buffer.from("\r\n"),
        );
      }
      chunks.push(Buffer.from("0\r\n\r\n"));
      return { headers: [["Transfer-Encoding", "chunked"]], wire: Buffer.concat(chunks) };
    }
    case 6:
      // Both framings at once (request smuggling's raw material): refused by the parser.
      return {
        headers: [
          ["Content-Length", String(body.length)],
          ["Transfer-Encoding", "chunked"],
        ],
        wire: Buffer.concat([
          Buffer.from(`${body.length.toString(16)}\r\n`),
          body,
          Buffer.from("\r\n0\r\n\r\n"),
        ]),
      };
    case 7:
      return {
        headers: [
          [
            "Content-Length",
            random.pick(["-1", "abc", "1e3", "+5", "0x10", " ", "18446744073709551616"]),
          ],
        ],
        wire: body,
      };
    case 8:
      return {
        headers: [
          ["Content-Length", String(body.length)],
          ["Content-Length", String(body.length + 1)],
        ],
        wire: body,
      };
    case 9:
      return {
        headers: [
          [
            "Transfer-Encoding",
            random.pick(["gzip, chunked", "chunked, gzip", "identity", "x", "chunked\u000b"]),
          ],
        ],
        wire: Buffer.from("0\r\n\r\n"),
      };
    case 10:
      // Far beyond any route's limit: refused at once, without reading a byte.
      return { headers: [["Content-Length", "9999999999"]], wire: Buffer.alloc(0) };
    default:
      return {
        headers: [["Transfer-Encoding", "chunked"]],
        wire: Buffer.from(
          `${random.pick(["zz", "-1", "ffffffffffffffffff", "1;\u0000"])}\r\nx\r\n0\r\n\r\n`,
        ),
      };
  }
}

/** The parts of a request the generator can break; each request breaks one or two of them. */
const AXES = ["method", "path", "version", "host", "cookie", "origin", "headers", "body"] as const;
type Axis = (typeof AXES)[number];

/**
 * One random request, complete on the wire. Most parts are what a browser would send; one or
 * two (sometimes none) are broken, so requests get past the parser and into the app as often as
 * they stop at its door.
 */
export function randomRequest(random: Random, target: FuzzTarget): FuzzRequest {
  const broken = new Set<Axis>();
  const count = random.pick([0, 1, 1, 1, 2, 2]);
  for (let i = 0; i < count; i++) broken.add(random.pick(AXES));

  const method = broken.has("method")
    ? random.pick(METHODS)
    : random.pick(["GET", "GET", "GET", "HEAD", "POST", "POST"]);
  const basePath = random.pick(target.paths);
  const path = broken.has("path") ? mutatePath(random, basePath) : basePath;
  const version = broken.has("version") ? random.pick(VERSIONS) : "HTTP/1.1";
  const headers: [string, string][] = [];

  if (!broken.has("host")) headers.push(["Host", target.host]);
  else {
    const host = random.pick(BAD_HOSTS);
    if (host !== null) headers.push(["Host", host]);
    if (random.chance(0.2)) headers.push(["Host", target.host]);
  }
  if (random.chance(0.9)) headers.push(["Connection", "close"]);
  const cookie = broken.has("cookie")
    ? cookieHeader(random, target)
    : random.pick([null, null, target.sessionCookie]);
  if (cookie !== null) headers.push(["Cookie", cookie]);
  if (broken.has("origin")) headers.push(...originHeader(random, target));
  else if (method !== "GET" && method !== "HEAD") headers.push(["Origin", target.origin]);
  if (broken.has("headers")) headers.push(...extraHeaders(random));

  let wire: Buffer = Buffer.alloc(0);
  if (method === "POST" || (broken.has("body") && random.chance(0.5))) {
    const { type, body } = broken.has("body") ? formBody(random) : plausibleForm(random);
    if (type) headers.push(["Content-Type", type]);
    const framed = broken.has("body")
      ? framing(random, body)
      : { headers: [["Content-Length", String(body.length)]] as [string, string][], wire: body };
    headers.push(...framed.headers);
    wire = framed.wire;
  }

  const requestLine = version ? `${method} ${path} ${version}` : `${method} ${path}`;
  const head = `${requestLine}\r\n${headers.map(([name, value]) => `${name}: ${value}`).join("\r\n")}\r\n\r\n`;
  return {
    summary: `broken=${[...broken].join(",") || "none"} ${JSON.stringify(requestLine).slice(0, 160)} headers=${JSON.stringify(
      headers.map(([name, value]) => `${name}: ${value.slice(0, 60)}`),
    ).slice(0, 400)} body=${wire.length}B`,
    bytes: Buffer.concat([Buffer.from(head, "latin1"), wire]),
  };
}

/** A form a page could have posted: known field names, short values. */
function plausibleForm(random: Random): { type: string; body: Buffer } {
  const fields = random.pick<Record<string, string>>([
    { email: "helena.moreira@exemplo.com.br", password: "errada123" },
    { email: "ninguem@exemplo.com.br" },
    { step: "1", intent: "next", profileType: "VOLUNTEER" },
    { intent: random.pick(["aprovar", "reprovar", "excluir", "x"]), id: randomUuidLike(random) },
    { replyEmail: "a@b.c", phone: "(11) 98765-4321", summary: "Quero ajudar aos sábados." },
    { currentPassword: "x", newPassword: "senhaNova123", confirmPassword: "senhaNova123" },
  ]);
  return {
    type: "application/x-www-form-urlencoded",
    body: Buffer.from(new URLSearchParams(fields).toString()),
  };
}

function randomUuidLike(random: Random): string {
  const hex = () => below(random, 16).toString(16);
  const part = (n: number) => Array.from({ length: n }, hex).join("");
  return `${part(8)}-${part(4)}-4${part(3)}-a${part(3)}-${part(12)}`;
}

export interface RawAnswer {
  /** Every status code seen, informational (100 Continue) ones included. */
  statuses: number[];
  /** The first bytes of the answer (status line, headers, start of the body). */
  head: string;
  /** Set when the connection ended without any status line. */
  problem?: string;
}

/**
 * Sends the bytes on a new connection and reads the answer until the server closes it or the
 * final status line and headers are in (keep-alive connections are then closed by us). The
 * timeout only catches a server that never answers: it is generous, so that megabytes posted at
 * once on a machine with busy neighbours still get their answer (ADR 0073).
 */
export function sendRaw(port: number, bytes: Buffer, timeoutMs = 30_000): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const socket = connect({ host: "127.0.0.1", port });
    const chunks: Buffer[] = [];
    let done = false;
    const finish = (problem?: string) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      clearTimeout(settleTimer);
      socket.destroy();
      const text = Buffer.concat(chunks).toString("utf8");
      const statuses = [...text.matchAll(/(?:^|\r\n\r\n)HTTP\/1\.[01] (\d{3})[^\r\n]*\r\n/g)].map(
        (match) => Number(match[1]),
      );
      resolve({
        statuses,
        head: text.slice(0, 4_000),
        problem: statuses.length === 0 ? (problem ?? "no status line") : undefined,
      });
    };
    const timer = setTimeout(() => finish("no answer within the timeout"), timeoutMs);
    let settleTimer: NodeJS.Timeout | undefined;
    socket.on("data", (chunk: Buffer) => {
      chunks.push(chunk);
      const text = Buffer.concat(chunks).toString("utf8");
      const last = [...text.matchAll(/(?:^|\r\n\r\n)HTTP\/1\.[01] (\d{3})/g)].at(-1);
      if (!last || Number(last[1]) < 200) return;
      const headEnd = text.indexOf("\r\n\r\n", last.index === 0 ? 0 : (last.index ?? 0) + 4);
      if (headEnd === -1) return;
      // A final answer whose headers are in: enough to judge it once its body is (a keep-alive
      // connection would otherwise stay open). A little of the body is read for the checks.
      const headers = text.slice(last.index ?? 0, headEnd).toLowerCase();
      const body = text.slice(headEnd + 4);
      const length = /\r\ncontent-length: *(\d+)/.exec(headers)?.[1];
      const complete =
        text.length > 2_000 ||
        (length !== undefined && body.length >= Number(length)) ||
        body.endsWith("0\r\n\r\n") ||
        /^http\/1\.[01] (?:204|304)/.test(headers);
      if (complete) finish();
      // HEAD answers declare a length they do not send.
      else settleTimer ??= setTimeout(() => finish(), 300);
    });
    socket.on("end", () => finish());
    socket.on("close", () => finish());
    socket.on("error", (error) => finish(`socket error ${error.message}`));
    socket.write(bytes);
  });
}
