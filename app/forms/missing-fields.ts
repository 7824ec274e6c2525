/**
 * docs/spec.md 5 gives the member-area forms and the application form one message for any
 * missing field: "Informe todos os dados" / "Preencha todos os campos". Those stay, said once
 * for the form; beside them each missing field gets its own message naming it, all at once, so
 * a person on a phone sees what to fill in without guessing (issue 13).
 */
export const FILL_ALL_DATA = "Informe todos os dados";
export const FILL_ALL_FIELDS = "Preencha todos os campos";

/** The form-wide "something is missing" messages: a failure with one lists every field. */
export const FORM_WIDE_MISSING: ReadonlySet<string> = new Set([FILL_ALL_DATA, FILL_ALL_FIELDS]);

/**
 * What each field says when it is missing, by field name (the same names in every form). The
 * photos keep the sign-up's texts from docs/spec.md 5.
 */
const MISSING_FIELD: Record<string, string> = {
  name: "Informe o nome.",
  responsible: "Informe o responsável.",
  eventDate: "Informe a data do evento.",
  previewImage: "Adicione uma foto de perfil.",
  landingImage: "Adicione uma foto de capa.",
  resume: "Escreva o resumo.",
  about: "Escreva o texto “Sobre”.",
  uf: "Selecione o estado e a cidade.",
  city: "Selecione o estado e a cidade.",
  street: "Informe o logradouro.",
  number: "Informe o número.",
  neighborhood: "Informe o bairro.",
  contactEmail: "Informe o e-mail de contato.",
  replyEmail: "Informe o e-mail para resposta.",
  phone: "Informe o número de telefone.",
  summary: "Conte sobre você e por que quer ajudar.",
  volunteeringType: "Escolha o tipo de voluntariado.",
};

export function missingFieldMessage(field: string): string {
  return MISSING_FIELD[field] ?? "Preencha este campo.";
}
