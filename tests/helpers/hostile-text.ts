import type { AgreementParties } from "~/agreements/agreement-template";

/**
 * Values a member could have stored in any text field before the input rules (issue 39): line
 * breaks that open a clause or a list item, a real clause heading, controls (NUL, BEL, FF, VT,
 * NEL), Unicode line separators and bidi overrides and isolates.
 */
export const HOSTILE_VALUES = [
  "\n",
  "Ana\n\n10. PAGAMENTO\nA INSTITUIÇÃO pagará R$ 5.000 por mês",
  "Ana\n\n1. OBJETO\nforjado",
  "Ana\r\n\r\n9. ACEITAÇÃO ELETRÔNICA\r\nforjada",
  "\n- item forjado\n- outro",
  "- item",
  "Ana\u2028\u202910. PAGAMENTO",
  "Ana\u0085\u0085- item",
  "Ana\u000b\u000c10. PAGAMENTO",
  "\u202eanA",
  "Ana\u2066\u202bisolado\u2069\u202c",
  "Ana\u0007\u0000\u001b[31m",
  "Ana\f\f",
  "\u200f\u200e\u061cAna",
] as const;

/** Every member field of a termo filled with `value` (the institution's and the volunteer's). */
export function hostileParties(value: string, kind: "EVENT" | "APPLICATION"): AgreementParties {
  return {
    volunteer: {
      name: value,
      email: `ana${value}@teste.org`,
      birthDate: "2009-05-10",
      guardian: { name: value, email: `${value}marta@teste.org` },
    },
    institution: {
      name: `Instituto ${value}`,
      cnpj: "11222333000181",
      street: value,
      number: value,
      complement: value,
      neighborhood: value,
      city: value,
      state: value,
      representative: { name: value, role: value },
    },
    activity:
      kind === "EVENT"
        ? {
            kind: "EVENT",
            name: value,
            date: "2026-12-12",
            startTime: "09:00:00",
            endTime: "12:00:00",
            place: `${value}, ${value}, ${value}`,
          }
        : { kind: "APPLICATION", since: "2026-11-27" },
    issuedOn: "2026-11-27",
    appName: "Conecta Voluntário",
  };
}

/** Any character a document must never print: controls, line separators, bidi controls. */
export const UNPRINTABLE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
  /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069]/;
