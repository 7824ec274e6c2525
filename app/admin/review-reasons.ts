import { breaksTextRule, textRuleMessage } from "~/lib/plain-text";

/**
 * The reasons an admin picks from when rejecting (issue 14): the common ones, plus "Outro motivo"
 * with free text. The text stored with the decision is what the institution reads on its screen
 * and in the e-mail, so it is composed here once: the reason's label, then the admin's words.
 */

export const REVIEW_REASONS = {
  institution: {
    "dados-incompletos": "Dados do cadastro incompletos ou inconsistentes",
    cnpj: "O CNPJ não corresponde a uma instituição sem fins lucrativos",
    contato: "Telefone ou e-mail de contato inválidos",
    descricao: "A descrição não deixa claro o trabalho da instituição",
    fotos: "Fotos inadequadas ou que não representam a instituição",
    outro: "Outro motivo",
  },
  event: {
    "dados-incompletos": "Informações do evento incompletas",
    "data-local": "Data ou local inconsistentes",
    beneficente: "O evento não tem caráter beneficente ou voluntário",
    conteudo: "Conteúdo fora das regras da plataforma",
    foto: "Imagem inadequada",
    outro: "Outro motivo",
  },
  /** A new name an approved institution asked for. */
  name: {
    "nao-corresponde": "O novo nome não corresponde à instituição do CNPJ",
    inadequado: "O novo nome é inadequado ou confunde os voluntários",
    outro: "Outro motivo",
  },
} as const;

export type ReviewTarget = keyof typeof REVIEW_REASONS;

/** What the admin may add to a reason (and must write for "Outro motivo"). */
export const REASON_DETAILS_MAX = 500;
const OTHER_MIN = 10;

export const REASON_MESSAGES = {
  missing: "Escolha o motivo da reprovação.",
  otherTooShort: `Descreva o motivo em pelo menos ${OTHER_MIN} caracteres.`,
  tooLong: `Os detalhes do motivo devem ter no máximo ${REASON_DETAILS_MAX} caracteres.`,
  controls: textRuleMessage("O texto do motivo", "multi-line"),
} as const;

/**
 * The stored reason for a rejection, or the message that says what is missing. `code` and
 * `details` come straight from the form: anything not in the list is refused.
 */
export function composeReason(
  target: ReviewTarget,
  code: unknown,
  details: unknown,
): { ok: true; reason: string } | { ok: false; message: string } {
  const reasons: Record<string, string> = REVIEW_REASONS[target];
  if (typeof code !== "string" || !Object.hasOwn(reasons, code)) {
    return { ok: false, message: REASON_MESSAGES.missing };
  }
  // One paragraph (line breaks become spaces), under the text rule of every field (ADR 0066).
  const words = (typeof details === "string" ? details : "")
    .normalize("NFC")
    .replace(/\s+/g, " ")
    .trim();
  if (breaksTextRule(words, "single-line")) return { ok: false, message: REASON_MESSAGES.controls };
  if (words.length > REASON_DETAILS_MAX) return { ok: false, message: REASON_MESSAGES.tooLong };
  if (code === "outro") {
    if (words.length < OTHER_MIN) return { ok: false, message: REASON_MESSAGES.otherTooShort };
    return { ok: true, reason: words };
  }
  const label = reasons[code] as string;
  return { ok: true, reason: words ? `${label}. ${words}` : `${label}.` };
}
