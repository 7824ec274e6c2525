import { describe, expect, it } from "vitest";
import { certificateSentence } from "~/certificates/certificate-text";
import { certificateFacts } from "~/certificates/certificate-view";
import { UNPRINTABLE } from "../helpers/hostile-text";

/**
 * A certificate reads right to a university secretary whatever the institution is called
 * (issue 39): "na instituição X" takes the noun's article, so a masculine name ("Instituto ...")
 * reads as well as a feminine one; stored texts print as inline text.
 */
const words = (institutionName: string, volunteerName: string | null = "Conceição Araújo") => ({
  volunteerName,
  institutionName,
  institutionCnpj: "11222333000181",
  activity: "Mutirão de reforma da creche",
  periodFrom: "2026-11-14",
  periodTo: "2026-11-14",
  totalMinutes: 240,
  hours: [{}],
});

describe("the certificate's sentence", () => {
  it.each([
    "Instituto Mãos que Ajudam",
    "Associação Mãos à Obra",
    "Lar Aconchego",
    "Casa da Criança",
    "ONG Vizinha",
  ])("names %s after the word 'instituição'", (name) => {
    const sentence = certificateSentence(words(name));
    expect(sentence).toContain(
      `de “Mutirão de reforma da creche” na instituição ${name}, inscrita`,
    );
    expect(sentence).not.toMatch(new RegExp(`\\b(na|no|da|do) ${name}`));
  });

  it("prints hostile stored values as inline text", () => {
    const sentence = certificateSentence({
      ...words("Instituto\n\n\u202eX\u0007", "Ana\n- item\u2066"),
      activity: "Mutirão\f\n10. PAGAMENTO",
    });
    expect(sentence).not.toMatch(UNPRINTABLE);
    expect(sentence).toContain("Certificamos que Ana - item participou");
    expect(sentence).toContain("de “Mutirão 10. PAGAMENTO” na instituição Instituto X, inscrita");
  });
});

describe("the certificate's facts", () => {
  const row = {
    ...words("Instituto Mãos que Ajudam"),
    hours: [],
    code: "ABCD2345EFGH",
    representativeName: "Maria Silva",
    representativeRole: "Presidente",
    issuedAt: new Date("2026-11-27T15:00:00Z"),
    revokedAt: null,
  };

  it("name who signs for the institution, when it named someone", () => {
    expect(certificateFacts(row).signatory).toBe("Maria Silva, Presidente");
    expect(
      certificateFacts({ ...row, representativeName: null, representativeRole: null }).signatory,
    ).toBeNull();
  });

  it("are inline text whatever the row holds", () => {
    const facts = certificateFacts({
      ...row,
      volunteerName: "Ana\n\n\u202eLúcia",
      institutionName: "Instituto\r\nX",
      activity: "A\u0007B",
      representativeName: "Maria\u2028Silva",
    });
    expect(Object.values(facts).join(" ")).not.toMatch(UNPRINTABLE);
    expect(facts.volunteerName).toBe("Ana Lúcia");
    expect(facts.signatory).toBe("Maria Silva, Presidente");
  });
});
