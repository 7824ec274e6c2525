import { describe, expect, it } from "vitest";
import { fullTextQueryText, searchWords, wordForms } from "./full-text-query";

describe("full-text query text", () => {
  it("unaccents, lower-cases and splits on anything but letters and digits", () => {
    expect(searchWords("  Mãos que AJUDAM!  ")).toEqual(["maos", "que", "ajudam"]);
    expect(searchWords("educação/saúde & 'cães' | !x:*")).toEqual([
      "educacao",
      "saude",
      "caes",
      "x",
    ]);
    expect(searchWords("%_\\")).toEqual([]);
    expect(searchWords("a b c d e f g h i j")).toHaveLength(8);
  });

  it("gives each word its other number where the stemmer keeps them apart", () => {
    expect(wordForms("animais")).toEqual(["animais", "animal", "animai"]);
    expect(wordForms("animal")).toEqual(["animal", "animais"]);
    expect(wordForms("doacoes")).toEqual(["doacoes", "doacao", "doacoe"]);
    expect(wordForms("cao")).toEqual(["cao"]);
    expect(wordForms("caes")).toEqual(["caes", "cao", "cae"]);
    expect(wordForms("horta")).toEqual(["horta"]);
  });

  it("writes prefix words joined by AND, alternatives by OR", () => {
    expect(fullTextQueryText("Horta")).toBe("horta:*");
    expect(fullTextQueryText("Educação")).toBe("(educacao:* | educacoes:* | educacaes:*)");
    expect(fullTextQueryText("horta nacional")).toBe("horta:* & (nacional:* | nacionais:*)");
    expect(fullTextQueryText("':* & !")).toBe("");
    // One- and two-letter words are whole words: a prefix "s" would match nearly everything.
    expect(fullTextQueryText("o_S")).toBe("o & s");
    expect(fullTextQueryText("casa de apoio")).toBe("casa:* & de & apoio:*");
  });

  it("limits every word to the weights of a tier when asked", () => {
    expect(fullTextQueryText("Educação", "A")).toBe("(educacao:*A | educacoes:*A | educacaes:*A)");
    expect(fullTextQueryText("casa de apoio", "AB")).toBe("casa:*AB & de:AB & apoio:*AB");
    expect(fullTextQueryText("%", "A")).toBe("");
  });

  it("lets a cause's general word find its kinds", () => {
    expect(fullTextQueryText("Animais")).toBe(
      "(animais:* | animal:* | animai:* | cao:* | caes:* | cachorro:* | gato:* | bicho:* | felino:* | canino:*)",
    );
    expect(fullTextQueryText("gatos")).toBe("(gatos:* | gato:*)");
  });
});
