import { causeLabel } from "~/config/causes";
import type { VolunteeringTypeLabel } from "~/config/constants";
import { displayPhone } from "~/forms/masks";
import { type FieldChange, fieldChanges } from "~/lib/field-changes";

/**
 * What an institution changed in its record, as the admins read it (the resubmission's list,
 * the audit trail): the one place that compares a record before and after a save.
 */

/** The record's texts as the edit form holds them (phone as stored: digits with 55). */
export interface InstitutionFieldValues {
  name: string;
  responsible: string;
  /** Who signs termos and certificates, and their role; both empty when nobody is named. */
  representativeName: string;
  representativeRole: string;
  phone: string;
  uf: string;
  city: string;
  street: string;
  number: string;
  neighborhood: string;
  /** Empty when the address has none. */
  complete: string;
  resume: string;
  about: string;
  volunteeringType: VolunteeringTypeLabel;
  contactEmail: string;
  /** Cause slugs joined by commas, as the form's text value (ADR 0045). */
  causes: string;
}

/** The form's labels, in the form's order. */
export const INSTITUTION_FIELD_LABELS: Readonly<Record<keyof InstitutionFieldValues, string>> = {
  name: "Nome da instituição",
  responsible: "Responsável",
  representativeName: "Quem assina pela instituição",
  representativeRole: "Cargo de quem assina",
  phone: "Telefone",
  uf: "Estado",
  city: "Cidade",
  street: "Logradouro",
  number: "Número",
  neighborhood: "Bairro",
  complete: "Complemento",
  resume: "Resumo",
  about: "Sobre",
  volunteeringType: "Tipo de voluntariado",
  contactEmail: "E-mail de contato para candidatos",
  causes: "Causas",
};

export const PHOTO_LABELS = { previewImage: "Foto de perfil", landingImage: "Foto de capa" };
/** A photo has no text to show: the list says it was replaced. */
export const PHOTO_CHANGE = { before: "Foto anterior", after: "Foto alterada" } as const;

const readable = (
  values: InstitutionFieldValues,
): Record<keyof InstitutionFieldValues, string> => ({
  ...values,
  phone: values.phone ? displayPhone(values.phone) : "",
  causes: values.causes ? values.causes.split(",").map(causeLabel).join(", ") : "Nenhuma",
});

/**
 * Every field whose value differs, labelled and as a person reads it ("Resumo": "antes" →
 * "depois"; the phone formatted), then each replaced photo ("Foto de capa": "Foto alterada").
 * Nothing changed: an empty list.
 */
export function institutionChanges(
  before: InstitutionFieldValues,
  after: InstitutionFieldValues,
  replacedPhotos: { previewImage: boolean; landingImage: boolean },
): FieldChange[] {
  const texts = fieldChanges(INSTITUTION_FIELD_LABELS, readable(before), readable(after));
  const photos = (Object.keys(PHOTO_LABELS) as (keyof typeof PHOTO_LABELS)[])
    .filter((field) => replacedPhotos[field])
    .map((field) => ({ field: PHOTO_LABELS[field], ...PHOTO_CHANGE }));
  return [...texts, ...photos];
}
