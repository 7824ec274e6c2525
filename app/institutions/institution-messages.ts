/** What the institution's area says after its own changes (issue 14). */
export const INSTITUTION_MESSAGES = {
  resubmitted: "Cadastro reenviado para análise.",
  savedNameInReview:
    "Perfil alterado com sucesso. O novo nome aparece no site depois da análise da nossa equipe.",
  resubmittedNotice: "Cadastro reenviado para análise",
} as const;
