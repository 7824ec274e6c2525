import { describe, expect, it } from "vitest";
import { MAX_LENGTH, PUBLIC_PAGE_SIZE } from "~/config/constants";
import { pageWindow, readLocation, readPage, readSearch, toListPage } from "./list-params.server";
import { hasFilters, listHref, listSearchParams } from "./list-query";

const params = (query: string) => new URLSearchParams(query);

describe("list parameters", () => {
  it("reads `busca` trimmed, with inner spaces and control characters collapsed", () => {
    expect(readSearch(params(""))).toBe("");
    expect(readSearch(params("busca=%20%20horta%20%20comunit%C3%A1ria%20"))).toBe(
      "horta comunitária",
    );
    expect(readSearch(params("busca=a%00b%09c"))).toBe("a b c");
    expect(readSearch(params(`busca=${"x".repeat(80)}`))).toHaveLength(MAX_LENGTH.search);
  });

  it("reads `pagina` as a whole number from 1, anything else as page 1, capped", () => {
    expect(readPage(params(""))).toBe(1);
    expect(readPage(params("pagina=3"))).toBe(3);
    for (const bad of ["0", "-2", "1.5", "abc", "1e400", ""]) {
      expect(readPage(params(`pagina=${bad}`))).toBe(1);
    }
    expect(readPage(params("pagina=999999999"))).toBe(2500);
  });

  it("keeps a known state and spells its city as IBGE does; drops unknown ones", () => {
    expect(readLocation(params("uf=sp&cidade=sao%20paulo"))).toEqual({
      uf: "SP",
      city: "São Paulo",
    });
    expect(readLocation(params("uf=SP&cidade=Cidade%20Inventada"))).toEqual({ uf: "SP", city: "" });
    expect(readLocation(params("uf=XX&cidade=S%C3%A3o%20Paulo"))).toEqual({ uf: "", city: "" });
    expect(readLocation(params(""))).toEqual({ uf: "", city: "" });
  });

  it("asks for one row more than a page and tells whether another page follows", () => {
    expect(pageWindow(1)).toEqual({ limit: PUBLIC_PAGE_SIZE + 1, offset: 0 });
    expect(pageWindow(3)).toEqual({ limit: PUBLIC_PAGE_SIZE + 1, offset: 2 * PUBLIC_PAGE_SIZE });
    const rows = Array.from({ length: PUBLIC_PAGE_SIZE + 1 }, (_, i) => i);
    expect(toListPage(rows, 2)).toEqual({ items: rows.slice(0, -1), page: 2, hasMore: true });
    expect(toListPage(rows.slice(0, 3), 1)).toEqual({ items: [0, 1, 2], page: 1, hasMore: false });
  });

  it("writes one URL per filter set: only set filters, and `pagina` after the first page", () => {
    const query = { busca: "horta", uf: "", cidade: "", tipo: "Meio ambiente" };
    expect(listSearchParams(query).toString()).toBe("busca=horta&tipo=Meio+ambiente");
    expect(listHref("/instituicoes", query, 2)).toBe(
      "/instituicoes?busca=horta&tipo=Meio+ambiente&pagina=2",
    );
    expect(listHref("/eventos", { busca: "", uf: "" })).toBe("/eventos");
    expect(hasFilters({ busca: "", uf: "" })).toBe(false);
    expect(hasFilters({ busca: "", uf: "PE" })).toBe(true);
  });
});
