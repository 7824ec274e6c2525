import { describe, expect, it } from "vitest";
import { listCityNames, listMunicipalities, listStates, listUfs } from "./localities.server";

describe("what pickers are sent (issue 17: loader data trimmed to what the page shows)", () => {
  it("lists the 27 UF codes in the order of the states' names", () => {
    expect(listUfs()).toEqual(listStates().map((state) => state.sigla));
    expect(listUfs()).toHaveLength(27);
    expect(listUfs().slice(0, 3)).toEqual(["AC", "AL", "AP"]);
    expect(listUfs()).toBe(listUfs());
  });

  it("lists a state's city names as the geography API orders them, whatever the UF's case", () => {
    const names = (listMunicipalities("SP") ?? []).map((city) => city.nome);
    expect(names).toHaveLength(645);
    expect(listCityNames("SP")).toEqual(names);
    expect(listCityNames("sp")).toBe(listCityNames("SP"));
    expect(listCityNames("XX")).toBeNull();
  });
});
