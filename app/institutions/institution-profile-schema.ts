import { z } from "zod";
import { MAX_LENGTH, MIN_LENGTH, VOLUNTEERING_TYPE_LABELS } from "~/config/constants";
import { causesField } from "~/forms/cause-fields";
import {
  CHOICE_MESSAGES,
  choiceField,
  complementField,
  emailField,
  phoneField,
} from "~/forms/field-rules";
import {
  imageChoice,
  memberLocation,
  memberText,
  withSavedImages,
} from "~/forms/member-form-rules";
import { FILL_ALL_DATA } from "~/forms/missing-fields";

const addressText = (max: number, what: string) =>
  memberText("single-line", what, {
    max,
    tooLong: `${what} deve ter no máximo ${max} caracteres.`,
  });

/**
 * "Edit institution profile" (docs/spec.md 5), extended by issue 14 to the whole record but the
 * CNPJ: name, responsible, phone and address with the sign-up's rules and messages (a missing
 * one says "Informe todos os dados", as every field of this form), then profile photo, cover
 * photo, summary (80), about (1200), volunteering type (default Presencial) and contact e-mail
 * (50). Declared in the form's order, so the first message is the first field's. `saved` says
 * which photos are on file. A posted "cnpj" is not part of it: it is never read.
 */
export function institutionProfileEditSchema(saved: {
  previewImage: boolean;
  landingImage: boolean;
}) {
  return withSavedImages(
    z.object({
      name: memberText("single-line", "O nome da instituição", {
        min: MIN_LENGTH.name,
        tooShort: "O nome da instituição deve ter pelo menos 3 letras.",
        max: MAX_LENGTH.institutionName,
        tooLong: "O nome da instituição deve ter no máximo 50 caracteres.",
      }),
      responsible: memberText("single-line", "O responsável", {
        max: MAX_LENGTH.responsible,
        tooLong: "O responsável deve ter no máximo 50 caracteres.",
      }),
      phone: phoneField(FILL_ALL_DATA),
      ...memberLocation,
      street: addressText(MAX_LENGTH.street, "O logradouro"),
      number: addressText(MAX_LENGTH.number, "O número"),
      neighborhood: addressText(MAX_LENGTH.neighborhood, "O bairro"),
      complete: complementField(),
      previewImage: imageChoice(),
      landingImage: imageChoice(),
      resume: memberText("multi-line", "O resumo", {
        min: MIN_LENGTH.summary,
        tooShort: "O resumo deve ter pelo menos 10 letras.",
        max: MAX_LENGTH.institutionSummary,
        tooLong: "O resumo deve ter no máximo 80 caracteres.",
      }),
      about: memberText("multi-line", "O sobre", {
        min: MIN_LENGTH.about,
        tooShort: "O sobre deve ter pelo menos 10 letras.",
        max: MAX_LENGTH.institutionAbout,
        tooLong: "O sobre deve ter no máximo 1200 caracteres.",
      }),
      volunteeringType: choiceField(
        VOLUNTEERING_TYPE_LABELS,
        CHOICE_MESSAGES.volunteeringType,
      ).default("Presencial"),
      contactEmail: emailField({ required: FILL_ALL_DATA, invalid: "E-mail de contato inválido." }),
      causes: causesField(),
    }),
    saved,
  );
}

/** The edit form's schema for this profile: pictures already on file may stay as they are. */
export function institutionProfileSchemaFor(profile: {
  profileImageUrl: string | null;
  coverImageUrl: string | null;
}) {
  return institutionProfileEditSchema({
    previewImage: Boolean(profile.profileImageUrl),
    landingImage: Boolean(profile.coverImageUrl),
  });
}

/** The texts of the edit form's fields, as the form posts them (the record's saved values). */
export const INSTITUTION_TEXT_FIELDS = [
  "name",
  "responsible",
  "phone",
  "uf",
  "city",
  "street",
  "number",
  "neighborhood",
  "complete",
  "resume",
  "about",
  "volunteeringType",
  "contactEmail",
] as const;
export type InstitutionTextField = (typeof INSTITUTION_TEXT_FIELDS)[number];
