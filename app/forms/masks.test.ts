import { describe, expect, it } from "vitest";
import {
  brDateToIso,
  cnpjCharacters,
  displayPhone,
  formatCnpj,
  formatDate,
  formatPhone,
  isoToBrDate,
  onlyDigits,
  phoneDigits,
} from "~/forms/masks";

describe("displayPhone", () => {
  it("shows a mobile number with its hyphen: +55 (27) 98034-8179", () => {
    expect(displayPhone("27980348179")).toBe("+55 (27) 98034-8179");
    expect(displayPhone("5527980348179")).toBe("+55 (27) 98034-8179");
    expect(displayPhone("+55 (27) 980348179")).toBe("+55 (27) 98034-8179");
  });

  it("shows a landline as +55 (11) 3333-4444", () => {
    expect(displayPhone("1133334444")).toBe("+55 (11) 3333-4444");
  });

  it("shows a number of another length as the field's mask does", () => {
    expect(displayPhone("119876")).toBe("+55 (11) 9876");
    expect(displayPhone("")).toBe("");
  });
});

describe("formatPhone", () => {
  it("formats area code and number after the fixed +55", () => {
    expect(formatPhone("11987654321")).toBe("+55 (11) 987654321");
  });

  it("grows while the person types, without trailing separators", () => {
    expect(formatPhone("")).toBe("");
    expect(formatPhone("1")).toBe("+55 (1");
    expect(formatPhone("11")).toBe("+55 (11");
    expect(formatPhone("119")).toBe("+55 (11) 9");
  });

  it("does not read the +55 prefix already in the field as digits", () => {
    expect(formatPhone("+55 (11")).toBe("+55 (11");
    expect(formatPhone("+55 (11) 98")).toBe("+55 (11) 98");
    expect(formatPhone("+55 (")).toBe("");
  });

  it("drops the country code from a pasted full number and caps at 11 digits", () => {
    expect(formatPhone("+55 11 98765-4321")).toBe("+55 (11) 987654321");
    expect(formatPhone("5511987654321")).toBe("+55 (11) 987654321");
    expect(formatPhone("119876543210000")).toBe("+55 (11) 987654321");
  });

  it("accepts 8-digit landlines", () => {
    expect(formatPhone("1133334444")).toBe("+55 (11) 33334444");
  });

  it("gives the digits without the country code", () => {
    expect(phoneDigits("+55 (11) 987654321")).toBe("11987654321");
    expect(phoneDigits("")).toBe("");
  });
});

describe("formatCnpj", () => {
  it("formats a numeric CNPJ in the official format", () => {
    expect(formatCnpj("11222333000181")).toBe("11.222.333/0001-81");
  });

  it("grows while the person types", () => {
    expect(formatCnpj("1")).toBe("1");
    expect(formatCnpj("11")).toBe("11");
    expect(formatCnpj("112")).toBe("11.2");
    expect(formatCnpj("11222333")).toBe("11.222.333");
    expect(formatCnpj("112223330")).toBe("11.222.333/0");
    expect(formatCnpj("1122233300018")).toBe("11.222.333/0001-8");
  });

  it("accepts the alphanumeric CNPJ in uppercase, letters only in the first 12 positions", () => {
    expect(formatCnpj("12abc34501de35")).toBe("12.ABC.345/01DE-35");
    expect(cnpjCharacters("12ABC34501DEXY35")).toBe("12ABC34501DE35");
  });

  it("ignores punctuation and caps at 14 characters", () => {
    expect(formatCnpj("11.222.333/0001-81999")).toBe("11.222.333/0001-81");
    expect(formatCnpj(" 11-222 ")).toBe("11.222");
    expect(formatCnpj("ç@!")).toBe("");
  });
});

describe("formatDate", () => {
  it("formats digits as dd/MM/yyyy while typing", () => {
    expect(formatDate("2")).toBe("2");
    expect(formatDate("25")).toBe("25");
    expect(formatDate("251")).toBe("25/1");
    expect(formatDate("2512")).toBe("25/12");
    expect(formatDate("25122026")).toBe("25/12/2026");
    expect(formatDate("25/12/20261")).toBe("25/12/2026");
  });

  it("converts between the displayed and the ISO date", () => {
    expect(brDateToIso("25/12/2026")).toBe("2026-12-25");
    expect(brDateToIso("29/02/2028")).toBe("2028-02-29");
    expect(isoToBrDate("2026-12-25")).toBe("25/12/2026");
    expect(isoToBrDate("")).toBe("");
  });

  it("rejects incomplete or impossible dates", () => {
    expect(brDateToIso("25/12/26")).toBeNull();
    expect(brDateToIso("31/02/2026")).toBeNull();
    expect(brDateToIso("29/02/2026")).toBeNull();
    expect(brDateToIso("00/01/2026")).toBeNull();
    expect(brDateToIso("12/13/2026")).toBeNull();
  });
});

describe("onlyDigits", () => {
  it("keeps digits only", () => {
    expect(onlyDigits("+55 (11) 9876-5432")).toBe("551198765432");
  });
});
