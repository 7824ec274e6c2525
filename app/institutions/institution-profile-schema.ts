import { z } from "zod";
import { MAX_LENGTH, MIN_LENGTH, VOLUNTEERING_TYPE_LABELS } from "~/config/constants";
import { CHOICE_MESSAGES, choiceField, emailField } from "~/forms/field-rules";
import { imageChoice, memberText, withSavedImages } from "~/forms/member-form-rules";
import { FILL_ALL_DATA } from "~/forms/missing-fields";

/**
 * "Edit institution profile" (docs/spec.md 5): profile photo, cover photo, summary (80), about
 * (1200) and contact e-mail (50) all required ("Informe todos os dados"); volunteering type
 * Presencial, Online or Ambos (default Presencial). `saved` says which photos are on file.
 */
export function institutionProfileEditSchema(saved: {
  previewImage: boolean;
  landingImage: boolean;
}) {
  return withSavedImages(
    z.object({
      previewImage: imageChoice(),
      landingImage: imageChoice(),
      resume: memberText({
        min: MIN_LENGTH.summary,
        tooShort: "O resumo deve ter pelo menos 10 letras.",
        max: MAX_LENGTH.institutionSummary,
        tooLong: "O resumo deve ter no máximo 80 caracteres.",
      }),
      about: memberText({
        min: MIN_LENGTH.about,
        tooShort: "O sobre deve ter pelo menos 10 letras.",
        max: MAX_LENGTH.institutionAbout,
        tooLong: "O sobre deve ter no máximo 1200 caracteres.",
      }),
      contactEmail: emailField({ required: FILL_ALL_DATA, invalid: "E-mail de contato inválido." }),
      volunteeringType: choiceField(
        VOLUNTEERING_TYPE_LABELS,
        CHOICE_MESSAGES.volunteeringType,
      ).default("Presencial"),
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
