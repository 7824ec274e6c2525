import { describe, expect, it } from "vitest";
import { type AdminQuery, adminHref, listHref, PARENT, parseAdminQuery } from "./admin-url";

const parse = (query: string) => parseAdminQuery(new URLSearchParams(query));
const ID = "0b9f3c1e-6f1a-4c7e-9a52-3d2f1e0c4b6a";

describe("admin URL parsing", () => {
  it("falls back to the dashboard's defaults for an empty query", () => {
    expect(parse("")).toEqual({
      section: "dashboard",
      page: 1,
      search: "",
      tab: "pendentes",
      id: null,
      confirm: null,
      result: null,
      refresh: false,
    } satisfies AdminQuery);
  });

  it("reads every known value", () => {
    expect(
      parse(
        `secao=instituicao&pagina=4&busca=%20casa%20&aba=todos&id=${ID.toUpperCase()}` +
          "&confirmar=aprovar&resultado=aprovado&atualizar=1",
      ),
    ).toEqual({
      section: "instituicao",
      page: 4,
      search: "casa",
      tab: "todas",
      id: ID,
      confirm: "aprovar",
      result: "aprovado",
      refresh: true,
    } satisfies AdminQuery);
  });

  it("turns unknown or malformed values into defaults instead of failing the page", () => {
    const query = parse(
      "secao=root&pagina=-3&aba=outra&id=1%20OR%201%3D1&confirmar=apagar-tudo&resultado=x&atualizar=sim",
    );
    expect(query).toMatchObject({
      section: "dashboard",
      page: 1,
      tab: "pendentes",
      id: null,
      confirm: null,
      result: null,
      refresh: false,
    });
    expect(parse("pagina=abc").page).toBe(1);
    expect(parse("pagina=99999999999").page).toBe(100_000);
    expect(parse(`busca=${"b".repeat(80)}`).search).toHaveLength(50);
  });

  it("writes links the parser reads back to the same state", () => {
    const state = {
      section: "instituicoes",
      tab: "todas",
      search: "casa",
      page: 2,
      id: ID,
      confirm: "reprovar",
    } as const;
    const href = adminHref(state);
    expect(href).toBe(
      `/admin/dashboard?secao=instituicoes&aba=todas&busca=casa&pagina=2&id=${ID}&confirmar=reprovar`,
    );
    expect(parse(new URL(href, "http://x").search)).toMatchObject(state);
  });

  it("reads each institutions tab, and the old 'todos' as 'todas'", () => {
    for (const tab of ["pendentes", "aprovadas", "reprovadas", "todas"] as const) {
      expect(parse(`secao=instituicoes&aba=${tab}`).tab).toBe(tab);
    }
    expect(parse("secao=instituicoes&aba=todos").tab).toBe("todas");
    expect(parse("secao=instituicoes&confirmar=reabrir&resultado=reaberto")).toMatchObject({
      confirm: "reabrir",
      result: "reaberto",
    });
  });

  it("leaves defaults out of links: first page, pending tab, tab outside institutions", () => {
    expect(adminHref({ section: "dashboard" })).toBe("/admin/dashboard?secao=dashboard");
    expect(adminHref({ section: "voluntarios", tab: "todas", page: 1 })).toBe(
      "/admin/dashboard?secao=voluntarios",
    );
  });

  it("keeps a details section's record in the list link and drops it from list sections", () => {
    const details = parse(`secao=voluntario&id=${ID}&confirmar=excluir`);
    expect(listHref(details)).toBe(`/admin/dashboard?secao=voluntario&id=${ID}`);
    const list = parse(`secao=eventos&id=${ID}&pagina=3`);
    expect(listHref(list, { result: "excluido" })).toBe(
      "/admin/dashboard?secao=eventos&pagina=3&resultado=excluido",
    );
    expect(PARENT.voluntario).toBe("voluntarios");
    expect(PARENT.evento).toBe("eventos");
  });
});
