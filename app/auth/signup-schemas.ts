import { z } from "zod";
import { MAX_LENGTH, MIN_LENGTH, VOLUNTEERING_TYPE_LABELS } from "~/config/constants";
import { causesField, skillsField } from "~/forms/cause-fields";
import {
  CHOICE_MESSAGES,
  choiceField,
  cnpjField,
  complementField,
  emailField,
  imageField,
  phoneField,
  withStagedImageFields,
} from "~/forms/field-rules";
import { requiredText } from "~/forms/text-fields";
import { ageFieldShape, guardianRule } from "~/guardians/age-rules";
import { passwordField } from "./password-rule";

/**
 * One schema per wizard step, shared by the browser (instant validation) and the action (the
 * real check). Fields are declared in the order of docs/spec.md section 5, so the first issue is the
 * message the spec shows first.
 */

export const SIGNUP_MESSAGES = {
  emailTaken: "E-mail já cadastrado.",
  cnpjTaken: "Este CNPJ já está cadastrado. Se a instituição já tem conta, faça login.",
  stateAndCity: "Selecione seu estado e cidade.",
  acceptTerms: "Para continuar, aceite os Termos de uso e a Política de privacidade.",
  passwordsDiffer: "As senhas não são iguais.",
} as const;

export const profileTypeSchema = z.object({
  profileType: choiceField(["VOLUNTEER", "INSTITUTION"], CHOICE_MESSAGES.profileType).default(
    "VOLUNTEER",
  ),
});

/** Step 2. When going back to this step, a password already on file may be left blank. */
export function credentialsSchema(options: { passwordOnFile: boolean }) {
  const password = passwordField("Informe a senha.");
  return (
    z
      .object({
        email: emailField({ required: "Informe o e-mail.", invalid: "E-mail inválido." }),
        phone: phoneField("Informe o número de telefone."),
        password: options.passwordOnFile ? password.optional() : password,
        confirmPassword: options.passwordOnFile
          ? z.string().optional()
          : z.string({ error: "Confirme sua senha." }),
        acceptTerms: z.string().optional(),
      })
      // docs/spec.md 5 shows "As senhas não são iguais." as soon as every field is filled; the terms
      // checkbox (issue 3) comes after it. As a field of its own the checkbox was checked first
      // (an object refine only runs once the fields pass), hiding the mismatch behind it.
      .superRefine((values, context) => {
        if (values.password !== values.confirmPassword) {
          context.addIssue({
            code: "custom",
            message: SIGNUP_MESSAGES.passwordsDiffer,
            path: ["confirmPassword"],
          });
        } else if (values.acceptTerms !== "on") {
          context.addIssue({
            code: "custom",
            message: SIGNUP_MESSAGES.acceptTerms,
            path: ["acceptTerms"],
          });
        }
      })
  );
}

const stateAndCity = {
  uf: z
    .string({ error: SIGNUP_MESSAGES.stateAndCity })
    .regex(/^[A-Z]{2}$/, SIGNUP_MESSAGES.stateAndCity),
  city: z
    .string({ error: SIGNUP_MESSAGES.stateAndCity })
    .trim()
    .min(1, SIGNUP_MESSAGES.stateAndCity),
};

/** Step 3 for volunteers (the account is created here). */
const volunteerProfileFields = z
  .object({
    name: requiredText(
      "single-line",
      "O nome",
      {
        required: "O nome é obrigatório.",
        tooShort: "O nome deve ter pelo menos 3 letras.",
        tooLong: "O nome deve ter no máximo 50 caracteres.",
      },
      { min: MIN_LENGTH.name, max: MAX_LENGTH.name },
    ),
    resume: requiredText(
      "multi-line",
      "O resumo",
      {
        required: "O resumo é obrigatório.",
        tooShort: "O resumo deve ter pelo menos 10 letras.",
        tooLong: "O resumo deve ter no máximo 1200 caracteres.",
      },
      { min: MIN_LENGTH.summary, max: MAX_LENGTH.volunteerSummary },
    ),
    ...stateAndCity,
    previewImage: imageField("Adicione uma foto de perfil."),
    // Optional (ADR 0045): the step asks for them without lengthening the sign-up.
    causes: causesField(),
    skills: skillsField(),
    // Date of birth (and a guardian under 18), required of new volunteers (ADR 0050). Last, so the
    // spec's messages keep their order (docs/spec.md 5) and this one follows them.
    ...ageFieldShape({ required: true }),
  })
  .superRefine(guardianRule());
/** A photo staged by the browser counts as chosen (docs/decisions/0029). */
export const volunteerProfileSchema = withStagedImageFields(volunteerProfileFields, [
  "previewImage",
]);

/** Step 3 for institutions. */
export const institutionDetailsSchema = z.object({
  name: requiredText(
    "single-line",
    "O nome da instituição",
    {
      required: "O nome da instituição é obrigatório.",
      tooShort: "O nome da instituição deve ter pelo menos 3 letras.",
      tooLong: "O nome da instituição deve ter no máximo 50 caracteres.",
    },
    { min: MIN_LENGTH.name, max: MAX_LENGTH.institutionName },
  ),
  cnpj: cnpjField("O CNPJ é obrigatório."),
  responsible: requiredText(
    "single-line",
    "O responsável",
    {
      required: "O responsável é obrigatório.",
      tooLong: "O responsável deve ter no máximo 50 caracteres.",
    },
    { max: MAX_LENGTH.responsible },
  ),
  ...stateAndCity,
  street: requiredText(
    "single-line",
    "O logradouro",
    {
      required: "O logradouro é obrigatório.",
      tooLong: "O logradouro deve ter no máximo 100 caracteres.",
    },
    { max: MAX_LENGTH.street },
  ),
  number: requiredText(
    "single-line",
    "O número",
    { required: "O número é obrigatório.", tooLong: "O número deve ter no máximo 10 caracteres." },
    { max: MAX_LENGTH.number },
  ),
  neighborhood: requiredText(
    "single-line",
    "O bairro",
    { required: "O bairro é obrigatório.", tooLong: "O bairro deve ter no máximo 60 caracteres." },
    { max: MAX_LENGTH.neighborhood },
  ),
  complete: complementField(),
});

/** Step 4 for institutions (the account is created here). */
const institutionProfileFields = z.object({
  previewImage: imageField("Adicione uma foto de perfil."),
  landingImage: imageField("Adicione uma foto de capa."),
  resume: requiredText(
    "multi-line",
    "O resumo",
    {
      required: "O resumo é obrigatório.",
      tooShort: "O resumo deve ter pelo menos 10 letras.",
      tooLong: "O resumo deve ter no máximo 80 caracteres.",
    },
    { min: MIN_LENGTH.summary, max: MAX_LENGTH.institutionSummary },
  ),
  about: requiredText(
    "multi-line",
    "O sobre",
    {
      required: "O sobre é obrigatório.",
      tooShort: "O sobre deve ter pelo menos 10 letras.",
      tooLong: "O sobre deve ter no máximo 1200 caracteres.",
    },
    { min: MIN_LENGTH.about, max: MAX_LENGTH.institutionAbout },
  ),
  contactEmail: emailField({
    required: "Informe o e-mail de contato.",
    invalid: "E-mail de contato inválido.",
  }),
  volunteeringType: choiceField(VOLUNTEERING_TYPE_LABELS, CHOICE_MESSAGES.volunteeringType).default(
    "Presencial",
  ),
  permitDivulgation: choiceField(["Sim", "Não"], CHOICE_MESSAGES.permitDivulgation).default("Sim"),
  // Optional at sign-up (ADR 0045); "Editar perfil" asks for one to three.
  causes: causesField(),
});
export const institutionProfileSchema = withStagedImageFields(institutionProfileFields, [
  "previewImage",
  "landingImage",
]);
