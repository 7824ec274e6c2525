import { describe, expect, it } from "vitest";
import {
  formatCertificateCode,
  newCertificateCode,
  normalizeCertificateCode,
} from "./certificate-code";

describe("certificate codes", () => {
  it("are 12 unambiguous characters, different each time", () => {
    const codes = new Set(Array.from({ length: 200 }, () => newCertificateCode()));
    expect(codes.size).toBe(200);
    for (const code of codes) expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{12}$/);
  });

  it("are read back whatever the case, dashes and look-alike letters", () => {
    expect(normalizeCertificateCode("abcd-efgh-jkmn")).toBe("ABCDEFGHJKMN");
    expect(normalizeCertificateCode(" ABCD EFGH JKMN ")).toBe("ABCDEFGHJKMN");
    expect(normalizeCertificateCode("OOOO-IIII-LLLL")).toBe("000011111111");
    expect(formatCertificateCode("ABCDEFGHJKMN")).toBe("ABCD-EFGH-JKMN");
  });

  it("refuses what cannot be a code", () => {
    expect(normalizeCertificateCode("")).toBeNull();
    expect(normalizeCertificateCode("ABCD-EFGH-JKM")).toBeNull();
    expect(normalizeCertificateCode("ABCD-EFGH-JKMU")).toBeNull();
    expect(normalizeCertificateCode("<script>alert(1)")).toBeNull();
  });
});
