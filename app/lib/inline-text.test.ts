import { describe, expect, it } from "vitest";
import { inlineText } from "./inline-text";

describe("inlineText", () => {
  it("turns line breaks and spacing controls into one space", () => {
    expect(inlineText("Ana\n\n10. PAGAMENTO\r\nlinha")).toBe("Ana 10. PAGAMENTO linha");
    expect(inlineText("a\tb\u000bc\fd\u0085e\u2028f\u2029g")).toBe("a b c d e f g");
  });

  it("removes other controls and every bidi control", () => {
    expect(inlineText("Ana\u0007\u0000\u001b[31m")).toBe("Ana[31m");
    expect(inlineText("\u202eanA\u202c \u2066x\u2069 \u200e\u200f\u061cy")).toBe("anA x y");
  });

  it("keeps ordinary text, accents composed, and no-break spaces", () => {
    expect(inlineText("Conceição Araújo")).toBe("Conceição Araújo");
    expect(inlineText("Conceic\u0327a\u0303o")).toBe("Conceição");
    expect(inlineText("4\u00a0horas")).toBe("4\u00a0horas");
    expect(inlineText("  dois   espaços ")).toBe("dois espaços");
  });
});
