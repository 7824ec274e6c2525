import { z } from "zod";

export const DELETE_ACCOUNT_MESSAGES = {
  passwordRequired: "Informe sua senha para confirmar a exclusão.",
  wrongPassword: "Senha incorreta. A conta não foi excluída.",
  failed: "Não foi possível excluir a conta agora. Tente novamente mais tarde.",
  deleted: "Sua conta foi excluída.",
} as const;

/** Deleting the account is confirmed by the account's password. */
export const deleteAccountSchema = z.object({
  password: z
    .string({ error: DELETE_ACCOUNT_MESSAGES.passwordRequired })
    .min(1, DELETE_ACCOUNT_MESSAGES.passwordRequired),
});
