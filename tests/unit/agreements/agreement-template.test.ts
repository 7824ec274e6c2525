import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { acceptanceRecord } from "~/agreements/agreement-record";
import { agreementStatus } from "~/agreements/agreement-status";
import {
  type AgreementParties,
  activityName,
  agreementBlocks,
  buildAgreementText,
  CLAUSE_HEADINGS,
  TEMPLATE_VERSION,
} from "~/agreements/agreement-template";
import { HOSTILE_VALUES, hostileParties, UNPRINTABLE } from "../../helpers/hostile-text";

/** The termo's text (ADR 0049, 0067): parties, activity, the law's statements, read back as blocks. */

const parties: AgreementParties = {
  volunteer: {
    name: "Ana Lúcia",
    email: "ana@teste.org",
    birthDate: "2009-05-10",
    guardian: { name: "Marta Souza", email: "marta@teste.org" },
  },
  institution: {
    name: "Casa da Criança",
    cnpj: "11222333000181",
    street: "Rua A",
    number: "10",
    complement: "Sala 2",
    neighborhood: "Centro",
    city: "Olinda",
    state: "PE",
    representative: { name: "Maria Silva", role: "Presidente" },
  },
  activity: {
    kind: "EVENT",
    name: "Mutirão",
    date: "2026-12-12",
    startTime: "09:00:00",
    endTime: "12:00:00",
    place: null,
  },
  issuedOn: "2026-11-27",
  appName: "Conecta Voluntário",
};

const adult: AgreementParties = {
  ...parties,
  volunteer: { ...parties.volunteer, birthDate: "1990-01-01", guardian: null },
};

const headingsOf = (text: string) =>
  agreementBlocks(text).flatMap((block) => (block.kind === "clause" ? [block.heading] : []));

describe("the termo de adesão template", () => {
  it("names both parties, the representative, the guardian, the activity and the law's statements", () => {
    const text = buildAgreementText(parties);
    for (const part of [
      "Casa da Criança, inscrita no CNPJ sob o nº 11.222.333/0001-81",
      "Rua A, 10, Sala 2, Centro, Olinda/PE, neste ato representada por Maria Silva, Presidente, doravante denominada INSTITUIÇÃO.",
      "Ana Lúcia, e-mail ana@teste.org, nascido(a) em 10/05/2009",
      "a ser assistido(a) por seu responsável legal, Marta Souza (e-mail marta@teste.org)",
      'no evento "Mutirão", em sábado, 12 de dezembro de 2026, das 09:00 às 12:00, de forma online',
      "não gera vínculo empregatício",
      "art. 3º",
      `Modelo ${TEMPLATE_VERSION}`,
    ]) {
      expect(text).toContain(part);
    }
    expect(buildAgreementText(parties)).toBe(text);
  });

  it("leaves the representative out when the institution named nobody", () => {
    const text = buildAgreementText({
      ...parties,
      institution: { ...parties.institution, representative: null },
    });
    expect(text).toContain("Olinda/PE, doravante denominada INSTITUIÇÃO.");
    expect(text).not.toContain("representada");
  });

  it("states a minor's guardian consent as a condition recorded apart, never as given", () => {
    const minor = buildAgreementText(parties);
    expect(minor).not.toMatch(/consente com este termo|que consente|consentiu/);
    expect(minor).toContain(
      "este termo só produz efeitos depois que o responsável legal nomeado acima consentir",
    );
    expect(minor).toContain("a plataforma registra esse consentimento à parte");
    const grown = buildAgreementText(adult);
    expect(grown).not.toContain("responsável legal");
    expect(grown).not.toContain("consent");
  });

  it("words clause 5 as Lei 9.608 art. 3 does: expenses expressly authorised, no 'before'", () => {
    const [expenses] = agreementBlocks(buildAgreementText(adult)).filter(
      (block) => block.kind === "clause" && block.heading === "5. RESSARCIMENTO DE DESPESAS",
    );
    const text = expenses?.kind === "clause" ? expenses.paragraphs.join(" ") : "";
    expect(text).toBe(
      "O(A) VOLUNTÁRIO(A) poderá ser ressarcido(a) das despesas que comprovadamente realizar no desempenho das atividades voluntárias, desde que expressamente autorizadas pela INSTITUIÇÃO (Lei nº 9.608/1998, art. 3º e parágrafo único).",
    );
    expect(text).not.toContain("antes de realizadas");
  });

  it("reads back as a title, paragraphs and the template's nine clauses with their lists", () => {
    const blocks = agreementBlocks(buildAgreementText(parties));
    expect(blocks[0]).toEqual({
      kind: "title",
      title: "TERMO DE ADESÃO AO SERVIÇO VOLUNTÁRIO",
      subtitle: "Lei nº 9.608, de 18 de fevereiro de 1998",
    });
    expect(headingsOf(buildAgreementText(parties))).toEqual([...CLAUSE_HEADINGS]);
    const clauses = blocks.filter((block) => block.kind === "clause");
    expect(clauses[5]?.kind === "clause" && clauses[5].items).toHaveLength(5);
    expect(clauses[6]?.kind === "clause" && clauses[6].items).toHaveLength(3);
  });

  it("built from hostile values, has exactly the template's clauses and lists", () => {
    for (const hostile of HOSTILE_VALUES) {
      for (const kind of ["EVENT", "APPLICATION"] as const) {
        const text = buildAgreementText(hostileParties(hostile, kind));
        const blocks = agreementBlocks(text);
        const honest = agreementBlocks(buildAgreementText(hostileParties("Ana", kind)));
        // The same blocks, of the same kinds and headings, with the same list items.
        expect(blocks.map((block) => block.kind)).toEqual(honest.map((block) => block.kind));
        expect(headingsOf(text)).toEqual([...CLAUSE_HEADINGS]);
        const items = (list: typeof blocks) =>
          list.flatMap((block) => (block.kind === "clause" ? block.items : []));
        expect(items(blocks)).toEqual(items(honest));
        // One blank line per block boundary, no stray line inside the parties or clause 1.
        expect(text.split("\n\n")).toHaveLength(honest.length);
        // No control, line separator or bidi override survives anywhere but the template's
        // own line breaks.
        expect(text.replaceAll("\n", " ")).not.toMatch(UNPRINTABLE);
        expect(activityName(hostileParties(hostile, kind).activity)).not.toMatch(UNPRINTABLE);
      }
    }
  });

  it("keeps the forged words as inline text of the sentence they were typed in", () => {
    const text = buildAgreementText(
      hostileParties("Ana\n\n10. PAGAMENTO\nA INSTITUIÇÃO pagará", "EVENT"),
    );
    expect(text).toContain("VOLUNTÁRIO(A): Ana 10. PAGAMENTO A INSTITUIÇÃO pagará, e-mail");
    expect(text).not.toMatch(/^10\. PAGAMENTO/m);
  });

  it("reads a text stored before values were inline without making clauses of lookalikes", () => {
    const forged = buildAgreementText(adult).replace(
      "VOLUNTÁRIO(A): Ana Lúcia",
      "VOLUNTÁRIO(A): Ana\n\n10. PAGAMENTO\nA INSTITUIÇÃO pagará R$ 5.000\n- item forjado\n\n\u202eLúcia",
    );
    expect(headingsOf(forged)).toEqual([...CLAUSE_HEADINGS]);
    const paragraphs = agreementBlocks(forged).flatMap((block) =>
      block.kind === "paragraph" ? [block.text] : [],
    );
    expect(paragraphs).toContain("10. PAGAMENTO A INSTITUIÇÃO pagará R$ 5.000 - item forjado");
    expect(paragraphs.join(" ")).not.toContain("\u202e");
  });

  it("renders and verifies a termo issued under version 2026-11.1 exactly as before", () => {
    const dir = path.join(import.meta.dirname);
    const old = readFileSync(path.join(dir, "termo-2026-11.1.txt"), "utf8");
    const before = JSON.parse(readFileSync(path.join(dir, "termo-2026-11.1.blocks.json"), "utf8"));
    expect(createHash("sha256").update(old, "utf8").digest("hex")).toBe(
      "cd07b1d76c1f0515f90bc8ab1742b21f39f3ea6112d8733cb25aceda3dee265a",
    );
    expect(agreementBlocks(old)).toEqual(before);
    expect(old).toContain("Modelo 2026-11.1");
    expect(TEMPLATE_VERSION).not.toBe("2026-11.1");
  });

  it("is pending, then waits for the guardian of a minor, then accepted", () => {
    const at = new Date();
    expect(
      agreementStatus({ acceptedAt: null, guardianRequired: true, guardianConsentedAt: at }),
    ).toBe("PENDING");
    expect(
      agreementStatus({ acceptedAt: at, guardianRequired: true, guardianConsentedAt: null }),
    ).toBe("AWAITING_GUARDIAN");
    expect(
      agreementStatus({ acceptedAt: at, guardianRequired: false, guardianConsentedAt: null }),
    ).toBe("ACCEPTED");
  });
});

describe("the acceptance record", () => {
  const base = {
    createdAt: new Date("2026-11-27T13:00:00Z"),
    representativeName: "Maria Silva",
    representativeRole: "Presidente",
    volunteerName: "Ana Lúcia",
    bodySha256: "a".repeat(64),
    acceptedAt: null,
    acceptedIp: null,
    guardianRequired: true,
    guardianName: "Marta Souza",
    guardianConsentedAt: null,
    guardianConsentIp: null,
  };

  it("names who signs for the institution, as fixed when issued", () => {
    expect(acceptanceRecord(base).slice(0, 2)).toEqual([
      ["Pela instituição", "Maria Silva, Presidente"],
      ["Emitido em", "27/11/2026 às 10:00:00 (horário de Brasília)"],
    ]);
    const older = acceptanceRecord({ ...base, representativeName: null, representativeRole: null });
    expect(older.map(([label]) => label)).not.toContain("Pela instituição");
  });

  it("shows the guardian's consent only once given: who, when, from where", () => {
    expect(acceptanceRecord(base)).toContainEqual(["Consentimento do responsável", "pendente"]);
    const given = acceptanceRecord({
      ...base,
      acceptedAt: new Date("2026-11-28T12:00:00Z"),
      acceptedIp: "203.0.113.1",
      guardianConsentedAt: new Date("2026-11-29T15:30:00Z"),
      guardianConsentIp: "198.51.100.2",
    });
    expect(given).toContainEqual(["Consentimento do responsável", "Marta Souza"]);
    expect(given).toContainEqual(["Em", "29/11/2026 às 12:30:00 (horário de Brasília)"]);
    expect(given).toContainEqual(["Endereço IP", "198.51.100.2"]);
  });

  it("prints stored names as inline text", () => {
    const rows = acceptanceRecord({ ...base, representativeName: "Maria\n\u202eSilva\u0007" });
    expect(rows[0]?.[1]).toBe("Maria Silva, Presidente");
  });
});
