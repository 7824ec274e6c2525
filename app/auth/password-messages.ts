/** Texts of the password pages, shared by their actions and components (SPEC.md 5 and 8). */
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
