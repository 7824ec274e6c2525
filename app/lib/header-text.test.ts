import { describe, expect, it } from "vitest";
import { headerText } from "./header-text";

describe("headerText", () => {
  it("keeps one line of text, accents included", () => {
    expect(headerText("Evento alterado: Mutirão São João")).toBe(
      "Evento alterado: Mutirão São João",
    );
  });

  it("turns every line break into one space", () => {
    for (const bad of ["\r\n", "\n", "\r", "\u000b", "\u000c", "\u0085", "\u2028", "\u2029"]) {
      expect(headerText(`Aviso${bad}Bcc: vitima@exemplo.com`)).toBe(
        "Aviso Bcc: vitima@exemplo.com",
      );
    }
  });

  it("drops every other control and bidi control, so the header stays one line", () => {
    for (const bad of ["\u0000", "\u0007", "\u001b", "\u009b", "\u202e", "\u2066", "\u200f"]) {
      const line = headerText(`Aviso ${bad}Bcc: vitima@exemplo.com`);
      expect(line).toBe("Aviso Bcc: vitima@exemplo.com");
      expect(line).not.toMatch(/[\r\n]/);
    }
  });

  it("is NFC and cut to its length by characters", () => {
    expect(headerText("Sa\u0303o")).toBe("São");
    expect(Array.from(headerText("ã".repeat(500))).length).toBe(200);
  });
});
