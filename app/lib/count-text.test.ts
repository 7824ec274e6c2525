import { describe, expect, it } from "vitest";
import { countText } from "~/lib/count-text";

describe("countText", () => {
  it("writes the singular for one and the plural otherwise", () => {
    expect(countText(1, "cadastro", "cadastros")).toBe("1 cadastro");
    expect(countText(0, "cadastro", "cadastros")).toBe("0 cadastros");
    expect(countText(42, "cadastro pendente", "cadastros pendentes")).toBe(
      "42 cadastros pendentes",
    );
  });

  it("groups thousands as pt-BR does", () => {
    expect(countText(1234, "registro", "registros")).toBe("1.234 registros");
  });
});
