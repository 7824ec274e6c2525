import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type AccountSpec, HttpClient } from "../helpers/accounts";
import { logServerOnFailure } from "../helpers/members";
import { type SecurityServer, startSecurityServer } from "../helpers/security-server";

/**
 * SQL metacharacters in every search (docs/design.md 8): the public directory and events list (page
 * and JSON API), the admin's people lists, the geography API and ids in paths. Each answers
 * below 500 with the right results: LIKE's wildcards typed by a person are searched literally
 * (a name with % or _ is found, and a lone % does not match everything), quotes and comment
 * markers are plain text, and NUL bytes, very long or odd Unicode terms change nothing.
 */

const NAMES = {
  percent: "Casa 100% Solidária",
  underscore: "Projeto_Sul Comunitário",
  backslash: "Oficina Barra\\Invertida",
  quote: "Associação D'Ajuda Mútua",
  unicode: "Coletivo Ñandú 日本語 🌱",
  plain: "Instituto Sem Símbolos",
} as const;

type Key = keyof typeof NAMES | "admin" | "volPercent" | "volUnderscore" | "volPlain";
let server: SecurityServer<Key>;
const admin = () => clients.admin;
const clients = {} as { admin: HttpClient };

beforeAll(async () => {
  const institutions = Object.fromEntries(
    Object.entries(NAMES).map(([key, name]) => [
      key,
      { kind: "institution", status: "APPROVED", name },
    ]),
  ) as Record<keyof typeof NAMES, AccountSpec>;
  server = await startSecurityServer({
    accounts: {
      ...institutions,
      admin: { kind: "admin" },
      volPercent: { kind: "volunteer", name: "Maria 50% Silva" },
      volUnderscore: { kind: "volunteer", name: "João_Pedro Souza" },
      volPlain: { kind: "volunteer", name: "Carla Sem Símbolos" },
    },
    events: Object.entries(NAMES).map(([key, name]) => ({
      key,
      institution: key,
      name: `Evento ${name}`.slice(0, 50),
      status: "APPROVED" as const,
    })),
  });
  clients.admin = new HttpClient(server.url);
  const response = await clients.admin.signIn(server.accounts.admin, "/admin/login");
  expect(response.status).toBe(302);
});

afterEach(({ task }) => logServerOnFailure(task, server));

afterAll(async () => {
  await server?.stop();
});

/** Names in a list API's JSON page (every string field called name, at any depth). */
function namesIn(json: unknown): string[] {
  if (Array.isArray(json)) return json.flatMap(namesIn);
  if (json && typeof json === "object") {
    return Object.entries(json).flatMap(([key, value]) =>
      key === "name" && typeof value === "string" ? [value] : namesIn(value),
    );
  }
  return [];
}

async function listNames(api: "/api/instituicoes" | "/api/eventos", term: string) {
  const response = await fetch(`${server.url}${api}?busca=${encodeURIComponent(term)}`);
  expect(response.status, `${api} busca=${JSON.stringify(term)}`).toBe(200);
  return namesIn(await response.json());
}

/** Terms that must find exactly the named rows (by key of NAMES). */
const LITERAL: [string, (keyof typeof NAMES)[]][] = [
  ["%", ["percent"]],
  ["100%", ["percent"]],
  ["_", ["underscore"]],
  ["o_S", ["underscore"]],
  ["\\", ["backslash"]],
  ["a\\I", ["backslash"]],
  ["D'Ajuda", ["quote"]],
  ["'", ["quote"]],
  ["日本語", ["unicode"]],
  ["🌱", ["unicode"]],
  ["ñandu", ["unicode"]],
];

/** Terms that match nothing and must still answer 200. */
const NOTHING = [
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  "%' --",
  "\\'",
  "--",
  ";",
  "/* */",
  "$1",
  "%%%%",
  "__________________________________________________",
  "zq\u0000qz",
  "\u202e\u200b\ufeff",
  "x".repeat(5000),
];

/**
 * One term of each kind, for the pages (the APIs above run the same queries with every term;
 * the pages add rendering the term back in the search box).
 */
const ONE_OF_EACH = ["%", "_", "\\", "'", "' OR '1'='1", "zq\u0000qz", "日本語", "x".repeat(5000)];

describe("public searches take metacharacters literally", () => {
  for (const api of ["/api/instituicoes", "/api/eventos"] as const) {
    it.each(LITERAL)(`${api} busca=%s finds exactly its row`, async (term, keys) => {
      const names = await listNames(api, term);
      const expected = keys.map((key) => NAMES[key]);
      for (const name of expected) expect(names.some((found) => found.includes(name))).toBe(true);
      expect(names.length, JSON.stringify(names)).toBe(expected.length);
    });

    it(`${api}: injection attempts, NUL, long and odd terms find nothing and answer 200`, async () => {
      for (const term of NOTHING)
        expect(await listNames(api, term), JSON.stringify(term)).toEqual([]);
    });
  }

  it("a search of only NUL or control characters is an empty search: everything", async () => {
    for (const api of ["/api/instituicoes", "/api/eventos"] as const) {
      expect(await listNames(api, "\u0000\u0001")).toHaveLength(Object.keys(NAMES).length);
    }
  });

  it("the pages render every term with a 200, and no list query failed", async () => {
    for (const path of ["/instituicoes", "/eventos"]) {
      for (const term of ONE_OF_EACH) {
        const response = await fetch(`${server.url}${path}?busca=${encodeURIComponent(term)}`);
        expect(response.status, `${path} busca=${JSON.stringify(term)}`).toBe(200);
      }
    }
    // A failed query still renders the page (with the failure message): the log tells.
    expect(server.logs()).not.toContain("could not list");
  });

  it("malformed percent-encoding and odd filters answer below 500", async () => {
    for (const query of [
      "busca=%",
      "busca=%ZZ",
      "busca=%C3%28",
      "busca=%00",
      "busca=a&busca=b",
      "uf=%27&cidade=%25",
      "uf=SP&cidade=%27%20OR%201%3D1",
      "pagina=-1",
      "pagina=1e309",
      "pagina=%27",
    ]) {
      for (const path of ["/instituicoes", "/eventos", "/api/instituicoes", "/api/eventos"]) {
        const response = await fetch(`${server.url}${path}?${query}`);
        expect(response.status, `${path}?${query}`).toBeLessThan(500);
      }
    }
  });
});

describe("admin searches take metacharacters literally", () => {
  const adminList = async (section: string, term: string) => {
    const response = await admin().get(
      `/admin/dashboard?secao=${section}&busca=${encodeURIComponent(term)}`,
    );
    expect(response.status, `${section} busca=${JSON.stringify(term)}`).toBe(200);
    return response.text();
  };

  it("volunteers: % and _ find only the names that contain them", async () => {
    const percent = await adminList("voluntarios", "%");
    expect(percent).toContain("Maria 50% Silva");
    expect(percent).not.toContain("Carla Sem Símbolos");
    expect(percent).not.toContain("João_Pedro Souza");
    const underscore = await adminList("voluntarios", "_");
    expect(underscore).toContain("João_Pedro Souza");
    expect(underscore).not.toContain("Maria 50% Silva");
  });

  it("institutions: % finds only the name with %", async () => {
    const html = await adminList("instituicoes&aba=todos", "%");
    expect(html).toContain("Casa 100% Solidária");
    expect(html).not.toContain(NAMES.plain);
  });

  it("events: % finds only the event with % in its name", async () => {
    const html = await adminList("eventos&situacao=todos&periodo=todos", "%");
    expect(html).toContain("Evento Casa 100% Solidária");
    expect(html).not.toContain(`Evento ${NAMES.plain}`);
  });

  it("injection attempts, NUL, long and odd terms answer 200 in every admin list", async () => {
    const lists = ["voluntarios", "instituicoes", "instituicoes&aba=todos"];
    for (const section of [...lists, "eventos&situacao=todos&periodo=todos"]) {
      for (const term of ONE_OF_EACH) {
        const html = await adminList(section, term);
        expect(html).not.toContain(NAMES.plain);
      }
    }
  });
});

describe("ids and codes in paths", () => {
  it("metacharacters in path parameters answer 404, never 500", async () => {
    const bad = [
      "'",
      "%27%20OR%201%3D1",
      "%00",
      "%25",
      "1;select",
      "..%2F..%2Fetc",
      "x".repeat(3000),
    ];
    for (const value of bad) {
      for (const path of [
        `/instituicoes/${value}`,
        `/eventos/${value}`,
        `/eventos/${value}/calendario.ics`,
        `/imagens/${value}`,
        `/api/localidades/estados/${value}/municipios`,
      ]) {
        const response = await fetch(`${server.url}${path}`);
        expect(response.status, path.slice(0, 120)).toBeGreaterThanOrEqual(400);
        expect(response.status, path.slice(0, 120)).toBeLessThan(500);
      }
    }
  });

  it("the geography API answers a known state and refuses an unknown one as JSON", async () => {
    const known = await fetch(`${server.url}/api/localidades/estados/SP/municipios`);
    expect(known.status).toBe(200);
    const unknown = await fetch(
      `${server.url}/api/localidades/estados/${encodeURIComponent("S' OR 1=1")}/municipios`,
    );
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toHaveProperty("error");
  });
});
