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

/** What the representative fields say (ADR 0067): both are given, or neither. */
export const REPRESENTATIVE_MESSAGES = {
  nameTooLong: `O nome de quem assina deve ter no máximo ${MAX_LENGTH.responsible} caracteres.`,
  roleTooLong: `O cargo deve ter no máximo ${MAX_LENGTH.representativeRole} caracteres.`,
  nameMissing: "Informe o nome de quem assina pela instituição, ou apague o cargo.",
  roleMissing: "Informe o cargo de quem assina (por exemplo, Presidente), ou apague o nome.",
} as const;

/**
 * Who signs termos and certificates for the institution: optional, both or neither. Empty
 * fields arrive as missing (form-validation.ts), which is "nobody named".
 */
const representativeFields = {
  representativeName: memberText("single-line", "O nome de quem assina", {
    max: MAX_LENGTH.responsible,
    tooLong: REPRESENTATIVE_MESSAGES.nameTooLong,
  }).optional(),
  representativeRole: memberText("single-line", "O cargo", {
    max: MAX_LENGTH.representativeRole,
    tooLong: REPRESENTATIVE_MESSAGES.roleTooLong,
  }).optional(),
};

function bothOrNeither(
  values: { representativeName?: string; representativeRole?: string },
  context: z.RefinementCtx,
) {
  if (values.representativeName && !values.representativeRole) {
    context.addIssue({
      code: "custom",
      path: ["representativeRole"],
      message: REPRESENTATIVE_MESSAGES.roleMissing,
    });
  }
  if (values.representativeRole && !values.representativeName) {
    context.addIssue({
      code: "custom",
      path: ["representativeName"],
      message: REPRESENTATIVE_MESSAGES.nameMissing,
    });
  }
}

/**
 * "Edit institution profile" (docs/spec.md 5), extended by issue 14 to the whole record but the
 * CNPJ: name, responsible, phone and address with the sign-up's rules and messages (a missing
 * one says "Informe todos os dados", as every field of this form), then profile photo, cover
 * photo, summary (80), about (1200), volunteering type (default Presencial) and contact e-mail
 * (50), and who signs termos and certificates (ADR 0067: name and role, both or neither).
 * Declared in the form's order, so the first message is the first field's. `saved` says
 * which photos are on file. A posted "cnpj" is not part of it: it is never read.
 */
export function institutionProfileEditSchema(saved: {
  previewImage: boolean;
  landingImage: boolean;
}) {
  return withSavedImages(
    z
      .object({
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
        ...representativeFields,
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
        contactEmail: emailField({
          required: FILL_ALL_DATA,
          invalid: "E-mail de contato inválido.",
        }),
        causes: causesField(),
      })
      .superRefine(bothOrNeither),
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
  "representativeName",
  "representativeRole",
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
