import { describe, expect, it } from "vitest";
import { hasFilters, listHref, readListQuery } from "./list-query";

describe("a public list's URL with repeated causes", () => {
  it("writes each cause as its own `causa` and drops empty values", () => {
    expect(listHref("/eventos", { busca: "", causa: ["educacao", "saude"] }, 2)).toBe(
      "/eventos?causa=educacao&causa=saude&pagina=2",
    );
    expect(listHref("/instituicoes", { busca: "", causa: [] })).toBe("/instituicoes");
  });

  it("reads the query back with repeated keys as lists", () => {
    expect(readListQuery("busca=a&causa=educacao&causa=saude")).toEqual({
      busca: "a",
      causa: ["educacao", "saude"],
    });
  });

  it("counts a cause as a filter", () => {
    expect(hasFilters({ busca: "", causa: ["educacao"] })).toBe(true);
    expect(hasFilters({ busca: "", causa: [] })).toBe(false);
  });
});
