import http from "node:http";
import { describe, expect, inject, it } from "vitest";
import { expectNoStackTrace, expectScriptsAllowedByCsp } from "../helpers/assertions";

/**
 * The shared production server (tests/e2e/global-setup.ts: `npm start` equivalent on a fresh
 * DATA_DIR) seen as a plain HTTP client: status codes, headers and the HTML it sends.
 */
const baseUrl = inject("baseUrl");
const get = (path: string, init?: RequestInit) => fetch(`${baseUrl}${path}`, init);

/** Every link's href and text content (a rough, test-only read of server-rendered HTML). */
function linkTexts(html: string): { href: string; text: string }[] {
  return [...html.matchAll(/<a\b[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/g)].map((match) => ({
    href: match[1] ?? "",
    text: (match[2] ?? "").replace(/<[^>]+>/g, "").trim(),
  }));
}

function headerHtml(html: string): string {
  return html.match(/<header\b[\s\S]*?<\/header>/)?.[0] ?? "";
}

/** Headers as sent (fetch would decode the body and drop Content-Encoding's meaning). */
function rawRequest(
  path: string,
  headers: Record<string, string>,
): Promise<{ headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${baseUrl}${path}`, { headers }, (response) => {
        response.resume();
        response.on("end", () => resolve({ headers: response.headers }));
      })
      .on("error", reject);
  });
}

function rawGet(path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${baseUrl}${path}`, { path }, (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          body += chunk;
        });
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
      })
      .on("error", reject);
  });
}

describe("home page", () => {
  it("answers 200 in pt-BR with the header links Entrar and Cadastre-se", async () => {
    const response = await get("/");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await response.text();
    expect(html).toMatch(/<html[^>]*\blang="pt-BR"/);
    const header = linkTexts(headerHtml(html));
    expect(header).toEqual(
      expect.arrayContaining([
        { href: "/auth/login", text: "Entrar" },
        { href: "/auth/cadastro", text: "Cadastre-se" },
      ]),
    );
  });

  it("links icons that exist (a missing favicon logs an error on every page)", async () => {
    const html = await (await get("/")).text();
    const icons = [...html.matchAll(/<link\b[^>]*\brel="(?:icon|apple-touch-icon)"[^>]*>/g)]
      .map((match) => match[0].match(/\bhref="([^"]+)"/)?.[1])
      .filter((href): href is string => href !== undefined);
    expect(icons.length).toBeGreaterThan(0);
    for (const href of icons) {
      const response = await get(href);
      expect(response.status, href).toBe(200);
      expect(response.headers.get("content-type"), href).toMatch(/^image\//);
    }
  });

  it("compresses large responses for clients that accept it", async () => {
    const response = await get("/", { headers: { "accept-encoding": "gzip" } });
    expect(response.headers.get("content-encoding")).toBe("gzip");
  });

  it("sends every script and style of the page compressed at build time, with its length", async () => {
    const html = await (await get("/")).text();
    const files = [...html.matchAll(/\b(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map(
      (match) => match[1] as string,
    );
    expect(files.length).toBeGreaterThan(2);
    let compressed = 0;
    for (const file of new Set(files)) {
      const plain = await rawRequest(file, {});
      const { headers } = await rawRequest(file, { "Accept-Encoding": "gzip, deflate, br" });
      expect(headers["transfer-encoding"], file).toBeUndefined();
      expect(headers["content-length"], file).toMatch(/^\d+$/);
      // Files under a kilobyte gain nothing from an encoding and go out as they are.
      const worthIt = Number(plain.headers["content-length"]) >= 1024;
      expect(headers["content-encoding"], file).toBe(worthIt ? "br" : undefined);
      if (worthIt) compressed += 1;
    }
    expect(compressed).toBeGreaterThan(2);
  });
});

describe("health", () => {
  it.each(["/healthz", "/readyz"])("%s answers 200 and is never cached", async (path) => {
    const response = await get(path);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
    expect(response.headers.get("cache-control")).toBe("no-store");
  });
});

describe("not found", () => {
  it("shows the 404 page with a link back to the home page", async () => {
    const response = await get("/caminho/que/nao/existe");
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await response.text();
    expect(html).toMatch(/<h1[^>]*>Página não encontrada<\/h1>/);
    const main = html.match(/<main\b[\s\S]*?<\/main>/)?.[0] ?? "";
    expect(linkTexts(main)).toContainEqual({ href: "/", text: "Voltar para a página inicial" });
    expect(html).toMatch(/<html[^>]*\blang="pt-BR"/);
  });

  it("does not serve files outside the build through the static handler", async () => {
    // fetch() would normalise these paths away: send them raw.
    for (const path of ["/../package.json", "/%2e%2e/package.json", "/assets/../../package.json"]) {
      const { status, body } = await rawGet(path);
      expect(status, path).toBe(404);
      expect(body).not.toContain('"dependencies"');
    }
  });
});

describe("security headers", () => {
  it.each([
    ["/", "hash"],
    ["/pagina-inexistente", "nonce"],
    ["/auth/login", "nonce"],
  ])("%s carries CSP, nosniff and Referrer-Policy; its scripts run by %s", async (path, kind) => {
    const response = await get(path);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBeTruthy();
    // A public page is kept and answered as the same bytes, its inline scripts allowed by hash
    // (ADR 0042); every other document carries a nonce of its own.
    expect(expectScriptsAllowedByCsp(await response.text(), csp)).toBe(kind);
  });

  it("uses a new nonce for every rendered response", async () => {
    const nonces = await Promise.all(
      [1, 2].map(async () => (await get("/auth/login")).headers.get("content-security-policy")),
    );
    expect(nonces[0]).toMatch(/'nonce-/);
    expect(nonces[0]).not.toBe(nonces[1]);
  });

  it("sends nosniff and a CSP on non-HTML responses too", async () => {
    const response = await get("/api/localidades/estados");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
  });

  const postForm = (headers: Record<string, string>) =>
    get("/", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
      body: "a=1",
    });

  it("refuses a cross-origin POST with 403", async () => {
    expect((await postForm({ Origin: "http://evil.example" })).status).toBe(403);
  });

  it("refuses a cross-site POST without Origin (Fetch Metadata)", async () => {
    expect((await postForm({ "Sec-Fetch-Site": "cross-site" })).status).toBe(403);
  });

  it("lets a same-origin POST through to the app", async () => {
    const response = await postForm({ Origin: baseUrl });
    expect(response.status).not.toBe(403);
    expectNoStackTrace(await response.text());
  });
});

describe("geography API", () => {
  const collator = new Intl.Collator("pt-BR", { sensitivity: "base" });
  const expectPtBrOrder = (names: string[]) => {
    expect(names).toEqual([...names].sort(collator.compare));
  };

  it("lists the 27 states in pt-BR order, cacheable", async () => {
    const response = await get("/api/localidades/estados");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toMatch(/max-age=\d+/);
    const states = (await response.json()) as { id: number; nome: string; sigla: string }[];
    expect(states).toHaveLength(27);
    expect(new Set(states.map((state) => state.sigla)).size).toBe(27);
    expect(states).toContainEqual({ id: 35, nome: "São Paulo", sigla: "SP" });
    expectPtBrOrder(states.map((state) => state.nome));
  });

  it("answers a list the browser already has with 304 and no body (ETag)", async () => {
    for (const path of ["/api/localidades/estados", "/api/localidades/estados/sp/municipios"]) {
      const first = await get(path);
      const etag = first.headers.get("etag");
      expect(etag, path).toMatch(/^"[\w-]+"$/);
      const again = await get(path, { headers: { "If-None-Match": `W/${etag}, "outro"` } });
      expect(again.status, path).toBe(304);
      expect(await again.text(), path).toBe("");
      expect(again.headers.get("cache-control"), path).toMatch(/max-age=\d+/);
      const stale = await get(path, { headers: { "If-None-Match": '"antigo"' } });
      expect(stale.status, path).toBe(200);
      expect(await stale.text(), path).toBe(await first.text());
    }
  });

  it.each([
    ["SP", 645],
    ["MG", 853],
  ])("lists the %s municipalities (%i) in pt-BR order", async (uf, count) => {
    const response = await get(`/api/localidades/estados/${uf}/municipios`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toMatch(/max-age=\d+/);
    const municipalities = (await response.json()) as { id: number; nome: string }[];
    expect(municipalities).toHaveLength(count);
    const names = municipalities.map((municipality) => municipality.nome);
    expectPtBrOrder(names);
    if (uf === "SP") {
      // An accented initial sorts with its letter, not after "Z" as a code-point sort would put it.
      const aguas = names.indexOf("Águas de Lindóia");
      expect(aguas).toBeGreaterThan(0);
      expect(names[aguas - 1]?.[0]).toMatch(/[AÁÂÃ]/);
      expect(names[aguas + 1]?.[0]).toMatch(/[AÁÂÃ]/);
      expect(names.indexOf("Águas de Lindóia")).toBeLessThan(names.indexOf("Bauru"));
      expect(names).toContain("São Paulo");
    }
  });

  it("accepts a lower-case UF", async () => {
    const response = await get("/api/localidades/estados/rj/municipios");
    expect(response.status).toBe(200);
    expect(((await response.json()) as unknown[]).length).toBe(92);
  });

  it("answers 404 with a JSON error for an unknown UF", async () => {
    const response = await get("/api/localidades/estados/ZZ/municipios");
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    const body = (await response.json()) as { error?: unknown };
    expect(typeof body.error).toBe("string");
    expect(String(body.error).length).toBeGreaterThan(0);
  });

  it("does not repeat a long path back in that error", async () => {
    const response = await get(`/api/localidades/estados/${"x".repeat(3000)}/municipios`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: "Estado desconhecido: xxxxxxxxxx…" });
  });
});
