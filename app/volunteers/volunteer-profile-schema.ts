import { z } from "zod";
import { MAX_LENGTH, MIN_LENGTH } from "~/config/constants";
import { causesField, skillsField } from "~/forms/cause-fields";
import {
  imageChoice,
  memberLocation,
  memberText,
  withSavedImages,
} from "~/forms/member-form-rules";
import { ageFieldShape, guardianRule } from "~/guardians/age-rules";

/**
 * "Edit volunteer" (docs/spec.md 5): name, state, city, photo and summary, in that order, all
 * required ("Informe todos os dados"); name up to 50 characters, summary up to 1200. The minimum
 * lengths are the sign-up's, so an edit cannot leave a profile the sign-up would refuse. Field
 * names are the sign-up's too (previewImage, resume): both forms share their fields.
 */
export function volunteerProfileEditSchema(
  saved: { previewImage: boolean },
  /** A date of birth on file can be corrected, not removed (ADR 0050). */
  age: { required: boolean } = { required: false },
) {
  return withSavedImages(
    z
      .object({
        name: memberText("single-line", "O nome", {
          min: MIN_LENGTH.name,
          tooShort: "O nome deve ter pelo menos 3 letras.",
          max: MAX_LENGTH.name,
          tooLong: "O nome deve ter no máximo 50 caracteres.",
        }),
        ...memberLocation,
        previewImage: imageChoice(),
        resume: memberText("multi-line", "O resumo", {
          min: MIN_LENGTH.summary,
          tooShort: "O resumo deve ter pelo menos 10 letras.",
          max: MAX_LENGTH.volunteerSummary,
          tooLong: "O resumo deve ter no máximo 1200 caracteres.",
        }),
        causes: causesField(),
        skills: skillsField(),
        // Accounts made before issue 16 are asked for their date of birth here (ADR 0050).
        ...ageFieldShape(age),
      })
      .superRefine(guardianRule()),
    saved,
  );
}

/** The edit form's schema for this profile: a photo already on file may stay as it is. */
export function volunteerProfileSchemaFor(profile: {
  photoUrl: string | null;
  birthDate: string | null;
}) {
  return volunteerProfileEditSchema(
    { previewImage: Boolean(profile.photoUrl) },
    { required: profile.birthDate !== null },
  );
}
