import { describe, expect, it } from "vitest";
import {
  asOneLine,
  asPlainText,
  asSearchText,
  breaksTextRule,
  normalizeText,
  sameText,
  textRuleMessage,
} from "./plain-text";

/** Every code point of a range, as text. */
const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, index) => String.fromCodePoint(from + index));

const C0 = range(0x00, 0x1f);
const C1 = range(0x80, 0x9f);
const BIDI = [...range(0x202a, 0x202e), ...range(0x2066, 0x2069), "\u200e", "\u200f", "\u061c"];

describe("the text rule (ADR 0066)", () => {
  it("refuses in a single line every C0 and C1 control, DEL, both separators and every bidi control", () => {
    for (const character of [...C0, "\u007f", ...C1, "\u2028", "\u2029", ...BIDI]) {
      const text = normalizeText(`Ana${character}Souza`, "single-line");
      expect(breaksTextRule(text, "single-line"), JSON.stringify(character)).toBe(true);
    }
  });

  it("keeps line breaks in a multi-line text as LF and refuses the other controls", () => {
    expect(normalizeText("um\r\ndois\rtrês\u2028quatro\u2029cinco\nseis", "multi-line")).toBe(
      "um\ndois\ntrês\nquatro\ncinco\nseis",
    );
    expect(normalizeText("coluna\tcoluna", "multi-line")).toBe("coluna coluna");
    for (const character of [...C0, "\u007f", ...C1, ...BIDI]) {
      const text = normalizeText(`Ana${character}Souza`, "multi-line");
      const kept = ["\n", "\r", "\t"].includes(character);
      expect(breaksTextRule(text, "multi-line"), JSON.stringify(character)).toBe(!kept);
    }
  });

  it("accepts what people write: accents, emoji with joiners, other scripts, punctuation", () => {
    for (const text of [
      "José da Conceição",
      "Família 👨‍👩‍👧 e amigos",
      "Zoë Ørsted-Nuñez",
      "سارة",
      "Rua 7 de Setembro, nº 12 – fundos",
      "Ação “solidária” (2026) & cia.",
    ]) {
      expect(breaksTextRule(normalizeText(text, "single-line"), "single-line"), text).toBe(false);
    }
  });

  it("stores NFC: a name typed with combining accents is the same name", () => {
    const decomposed = "Jose\u0301 Conceic\u0327a\u0303o";
    expect(normalizeText(decomposed, "single-line")).toBe("José Conceição");
    expect(normalizeText(decomposed, "single-line")).toHaveLength("José Conceição".length);
  });

  it("names the field in its message", () => {
    expect(textRuleMessage("O nome", "single-line")).toBe(
      "O nome não pode ter quebras de linha nem caracteres de controle.",
    );
    expect(textRuleMessage("A mensagem", "multi-line")).toBe(
      "A mensagem não pode ter caracteres de controle.",
    );
  });

  it("cleans instead of refusing, for outputs and older rows", () => {
    expect(asOneLine("Ana\n\n10. PAGAMENTO\u202e\u0007  x\u000c")).toBe("Ana 10. PAGAMENTO x");
    expect(asPlainText("Sobre\r\n\r\nnós\u0007\u202e\tjuntos\r")).toBe("Sobre\n\nnós juntos");
    expect(asSearchText("  horta\u0000comu\u202enitária\t ")).toBe("horta comunitária");
  });

  it("compares texts as the rule stores them", () => {
    expect(sameText("um\r\ndois", "um\ndois")).toBe(true);
    expect(sameText("José", "Jose\u0301")).toBe(true);
    expect(sameText("um\ndois", "um dois")).toBe(false);
  });
});

describe("asOneLine, the form documents print member values in (ADR 0067)", () => {
  it("turns line breaks and spacing controls into one space", () => {
    expect(asOneLine("Ana\n\n10. PAGAMENTO\r\nlinha")).toBe("Ana 10. PAGAMENTO linha");
    expect(asOneLine("a\tb\u000bc\fd\u0085e\u2028f\u2029g")).toBe("a b c d e f g");
  });

  it("removes other controls and every bidi control", () => {
    expect(asOneLine("Ana\u0007\u0000\u001b[31m")).toBe("Ana[31m");
    expect(asOneLine("\u202eanA\u202c \u2066x\u2069 \u200e\u200f\u061cy")).toBe("anA x y");
  });

  it("keeps ordinary text, accents composed, and no-break spaces", () => {
    expect(asOneLine("Conceição Araújo")).toBe("Conceição Araújo");
    expect(asOneLine("Conceic\u0327a\u0303o")).toBe("Conceição");
    expect(asOneLine("4\u00a0horas")).toBe("4\u00a0horas");
    expect(asOneLine("  dois   espaços ")).toBe("dois espaços");
  });
});
