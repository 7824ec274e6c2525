import { describe, expect, it } from "vitest";
import { countText, groupThousands } from "~/lib/count-text";

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

describe("groupThousands", () => {
  it("writes what toLocaleString('pt-BR') writes for whole numbers", () => {
    for (const value of [0, 7, 999, 1000, 1001, 12345, 999999, 1000000, 1234567890, -4321]) {
      expect(groupThousands(value)).toBe(value.toLocaleString("pt-BR"));
    }
  });
});
