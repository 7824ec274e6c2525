import { describe, expect, it } from "vitest";
import { agreementStatus } from "~/agreements/agreement-status";
import {
  type AgreementParties,
  agreementBlocks,
  buildAgreementText,
  TEMPLATE_VERSION,
} from "~/agreements/agreement-template";

/** The termo's text (ADR 0049): parties, activity, the law's statements, read back as blocks. */

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

describe("the termo de adesão template", () => {
  it("names both parties, the guardian, the activity and the law's statements", () => {
    const text = buildAgreementText(parties);
    for (const part of [
      "Casa da Criança, inscrita no CNPJ sob o nº 11.222.333/0001-81",
      "Rua A, 10, Sala 2, Centro, Olinda/PE",
      "Ana Lúcia, e-mail ana@teste.org, nascido(a) em 10/05/2009",
      "assistido(a) por seu responsável legal, Marta Souza",
      'no evento "Mutirão", em sábado, 12 de dezembro de 2026, das 09:00 às 12:00, de forma online',
      "não gera vínculo empregatício",
      "art. 3º",
      `Modelo ${TEMPLATE_VERSION}`,
    ]) {
      expect(text).toContain(part);
    }
    expect(buildAgreementText(parties)).toBe(text);
  });

  it("reads back as a title, paragraphs and nine clauses with their lists", () => {
    const blocks = agreementBlocks(buildAgreementText(parties));
    expect(blocks[0]).toEqual({
      kind: "title",
      title: "TERMO DE ADESÃO AO SERVIÇO VOLUNTÁRIO",
      subtitle: "Lei nº 9.608, de 18 de fevereiro de 1998",
    });
    const clauses = blocks.filter((block) => block.kind === "clause");
    expect(clauses).toHaveLength(9);
    expect(clauses[5]?.kind === "clause" && clauses[5].items).toHaveLength(5);
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
