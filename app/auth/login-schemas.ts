import { z } from "zod";
import { MAX_LENGTH } from "~/config/constants";
import { emailField } from "~/forms/field-rules";
import { passwordField } from "./password-rule";

const filled = (message: string) =>
  z.string({ error: message }).min(1, message).max(MAX_LENGTH.password, message);

/**
 * Login and admin login: both fields filled (docs/spec.md 5), the e-mail one address (the shared
 * rule); the credentials are checked by the server.
 */
export const loginSchema = z.object({
  email: emailField({ required: "Informe o e-mail.", invalid: "E-mail inválido." }),
  password: filled("Informe a senha."),
});

export const forgotPasswordSchema = z.object({
  email: emailField({
    required: "Por favor, insira um e-mail válido.",
    invalid: "Por favor, insira um e-mail válido.",
  }),
});

const RESET_MISMATCH = "As senhas não coincidem. Por favor, verifique.";

export const resetPasswordSchema = z
  .object({
    token: z.string({ error: "Link de redefinição inválido ou expirado." }).min(1),
    password: z.string({ error: RESET_MISMATCH }),
    confirmPassword: z.string({ error: RESET_MISMATCH }),
  })
  .refine((values) => values.password === values.confirmPassword, {
    message: RESET_MISMATCH,
    path: ["confirmPassword"],
  })
  .pipe(
    z.object({
      token: z.string(),
      password: passwordField(RESET_MISMATCH),
      confirmPassword: z.string(),
    }),
  );

const CHANGE_INVALID = "As senhas não coincidem ou a nova senha é muito curta.";

export const changePasswordSchema = z
  .object({
    currentPassword: z.string({ error: "Informe a senha atual." }),
    newPassword: z.string({ error: "Informe a nova senha." }),
    confirmPassword: z.string({ error: "Confirme a nova senha." }),
  })
  .refine(
    (values) => values.newPassword === values.confirmPassword && values.newPassword.length >= 8,
    {
      message: CHANGE_INVALID,
      path: ["confirmPassword"],
    },
  )
  .pipe(
    z.object({
      currentPassword: z.string(),
      newPassword: passwordField(CHANGE_INVALID, CHANGE_INVALID),
      confirmPassword: z.string(),
    }),
  );
