import { describe, expect, it } from "vitest";
import { fieldChanges } from "~/lib/field-changes";
import { type InstitutionFieldValues, institutionChanges } from "./institution-changes";

const RECORD: InstitutionFieldValues = {
  causes: "",
  name: "Casa do Caminho",
  responsible: "Maria Souza",
  representativeName: "",
  representativeRole: "",
  phone: "5511987654321",
  uf: "SP",
  city: "São Paulo",
  street: "Rua das Flores",
  number: "120",
  neighborhood: "Centro",
  complete: "",
  resume: "Acolhimento no bairro.",
  about: "Acolhemos famílias do bairro desde 1990.",
  volunteeringType: "Presencial",
  contactEmail: "contato@casa.org.br",
};
const NO_PHOTOS = { previewImage: false, landingImage: false };

describe("institutionChanges", () => {
  it("nothing changed: an empty list", () => {
    expect(institutionChanges(RECORD, { ...RECORD }, NO_PHOTOS)).toEqual([]);
  });

  it("each changed field by its label, before and after as a person reads them", () => {
    const after: InstitutionFieldValues = {
      ...RECORD,
      resume: "Reforço escolar no bairro.",
      phone: "5521912345678",
      complete: "Sala 2",
      volunteeringType: "Ambos",
    };
    expect(institutionChanges(RECORD, after, NO_PHOTOS)).toEqual([
      { field: "Telefone", before: "+55 (11) 98765-4321", after: "+55 (21) 91234-5678" },
      { field: "Complemento", before: "", after: "Sala 2" },
      { field: "Resumo", before: "Acolhimento no bairro.", after: "Reforço escolar no bairro." },
      { field: "Tipo de voluntariado", before: "Presencial", after: "Ambos" },
    ]);
  });

  it("a replaced photo reads Foto alterada, after the texts", () => {
    const changes = institutionChanges(
      RECORD,
      { ...RECORD, name: "Casa do Caminho Novo" },
      { previewImage: false, landingImage: true },
    );
    expect(changes).toEqual([
      { field: "Nome da instituição", before: "Casa do Caminho", after: "Casa do Caminho Novo" },
      { field: "Foto de capa", before: "Foto anterior", after: "Foto alterada" },
    ]);
  });
});

describe("fieldChanges", () => {
  it("follows the labels' order and skips equal values", () => {
    expect(fieldChanges({ b: "Bê", a: "A" }, { a: "1", b: "2" }, { a: "1", b: "3" })).toEqual([
      { field: "Bê", before: "2", after: "3" },
    ]);
  });
});
