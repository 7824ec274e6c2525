/**
 * Texts of the password pages, shared by their actions and components (docs/spec.md 5 and 8). Kept
 * apart from the rules (./password-rule) so a page can show them without loading Zod.
 */
export const PASSWORD_HINT = "Mínimo de 8 caracteres, com pelo menos uma letra e um número.";
export const PASSWORD_TOO_SHORT = "A senha deve ter no mínimo 8 caracteres.";
export const PASSWORD_TOO_LONG = "A senha deve ter no máximo 64 caracteres.";
export const PASSWORD_NEEDS_LETTER_AND_NUMBER =
  "A senha deve ter pelo menos uma letra e um número.";

export const RESET_MESSAGES = {
  invalidToken: "Este link de redefinição é inválido ou expirou. Peça um novo link.",
  failure: "Erro ao atualizar a senha: tente novamente em alguns minutos.",
  success: "Senha atualizada com sucesso!",
} as const;

export const CHANGE_PASSWORD_MESSAGES = {
  wrongCurrent: "Senha atual inválida.",
  failure: "Erro ao atualizar a senha. Tente novamente mais tarde.",
  success: "Senha atualizada com sucesso!",
} as const;
