import { describe, expect, it } from "vitest";
import { initialsOf, slugify } from "./slug.server";

describe("initialsOf", () => {
  it("takes the first letters of the two distinctive words", () => {
    expect(initialsOf("Instituto Verde Vivo")).toBe("VV");
    expect(initialsOf("Associação Patinhas Felizes")).toBe("PF");
    expect(initialsOf("Associação Protetores dos Animais")).toBe("PA");
  });

  it("gives every logo two letters, even with one distinctive word", () => {
    expect(initialsOf("Instituto Sorriso Solidário")).toBe("SS");
    expect(initialsOf("Associação Cultural Batuque")).toBe("CB");
    expect(initialsOf("Rede Solidária Partilhar")).toBe("SP");
  });
});

describe("slugify", () => {
  it("writes ASCII words joined by the separator", () => {
    expect(slugify("Associação Ler é Voar")).toBe("associacao-ler-e-voar");
    expect(slugify("Associação Ler é Voar", ".")).toBe("associacao.ler.e.voar");
  });
});
