import { describe, expect, it } from "vitest";
import { z } from "zod";
import { cnpjField } from "~/forms/field-rules";
import { BULK_FIRST_CNPJ_ROOT, CNPJ_ROOT_LIMIT, cnpjForRoot, completeCnpj } from "./cnpj.server";

const formRule = cnpjField("Informe o CNPJ.");

describe("CNPJ check digits", () => {
  it("appends Receita Federal's two check digits to a 12-digit base", () => {
    expect(completeCnpj("112223330001")).toBe("11222333000181");
    expect(completeCnpj("545507520001")).toBe("54550752000155");
    // A remainder below 2 gives the digit 0.
    expect(completeCnpj("000000000001")).toBe("00000000000191");
  });

  it("gives head-office CNPJs (branch 0001) that the sign-up form accepts", () => {
    for (const root of [0, 1, 10_000_000, BULK_FIRST_CNPJ_ROOT, CNPJ_ROOT_LIMIT - 1]) {
      const cnpj = cnpjForRoot(root);
      expect(cnpj).toMatch(new RegExp(`^${String(root).padStart(8, "0")}0001\\d\\d$`));
      expect(z.safeParse(formRule, cnpj).success).toBe(true);
    }
  });

  it("refuses bases and roots it cannot turn into a CNPJ", () => {
    expect(() => completeCnpj("11222333000")).toThrow();
    expect(() => completeCnpj("11222333000A")).toThrow();
    expect(() => cnpjForRoot(-1)).toThrow();
    expect(() => cnpjForRoot(CNPJ_ROOT_LIMIT)).toThrow();
    expect(() => cnpjForRoot(1.5)).toThrow();
  });

  it("agrees with the form rule: a wrong check digit is refused", () => {
    const cnpj = completeCnpj("112223330001");
    const wrong = `${cnpj.slice(0, 13)}${(Number(cnpj[13]) + 1) % 10}`;
    expect(z.safeParse(formRule, wrong).success).toBe(false);
  });
});
