import { describe, expect, it } from "vitest";
import { currentOf, navItems, sectionOf } from "./site-sections";

describe("the header's sections", () => {
  it.each([
    ["/instituicoes", "instituicoes"],
    ["/instituicoes/abc", "instituicoes"],
    ["/eventos", "eventos"],
    ["/eventos/abc", "eventos"],
    ["/app/voluntario", "area"],
    ["/app/seja-voluntario", "area"],
    ["/admin/dashboard", "area"],
    ["/", null],
    ["/termos-de-uso", null],
    ["/instituicoes-falsas", null],
    ["/eventosx", null],
  ])("%s belongs to %s", (path, section) => {
    expect(sectionOf(path)).toBe(section);
  });

  it("offers the lists to everyone and the person's home to the signed-in", () => {
    expect(navItems(null).map((item) => item.label)).toEqual(["Instituições", "Eventos"]);
    expect(navItems("/app/voluntario").at(-1)).toEqual({
      to: "/app/voluntario",
      label: "Minha área",
      section: "area",
    });
    expect(navItems("/app/instituicao").at(-1)?.label).toBe("Minha área");
    expect(navItems("/admin/dashboard").at(-1)).toEqual({
      to: "/admin/dashboard",
      label: "Administração",
      section: "area",
    });
  });

  it("marks the page itself as page and the rest of its section as true", () => {
    const [institutions, events, area] = navItems("/app/voluntario");
    expect(events && currentOf(events, "/eventos")).toBe("page");
    expect(events && currentOf(events, "/eventos/123")).toBe("true");
    expect(institutions && currentOf(institutions, "/eventos")).toBeUndefined();
    expect(area && currentOf(area, "/app/atualizar-senha")).toBe("true");
    expect(area && currentOf(area, "/")).toBeUndefined();
  });
});
