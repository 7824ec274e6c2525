import { formatIsoDate, formatIsoDateLong, formatTimeRange } from "~/events/event-dates";
import { formatCnpj } from "~/forms/masks";
import { asOneLine } from "~/lib/plain-text";

/**
 * The termo de adesão (Lei 9.608/1998, art. 2; ADR 0049): the one reviewed place of its wording.
 * A change of wording is a new TEMPLATE_VERSION; termos already issued keep their stored text.
 *
 * Legal references (texts as in force, Lei 13.297/2016 amended art. 1):
 * - art. 1: volunteer service is unpaid activity by a natural person for a public entity or a
 *   non-profit private institution with civic, cultural, educational, scientific, recreational
 *   or personal-assistance aims; sole paragraph: it creates no employment bond nor obligation of
 *   labour, social security or similar nature.
 * - art. 2: it is performed under a termo de adesão between the entity and the volunteer, stating
 *   the object and the conditions of the work.
 * - art. 3: the volunteer may be reimbursed for expenses proven to be made in the activity; sole
 *   paragraph: only expenses expressly authorised by the entity (the law asks that the
 *   authorisation be express, not that it come before the expense: 2026-11.2).
 *
 * The text format, read back for the page and the PDF: blocks separated by a blank line; the
 * first block is the title and its subtitle; a block whose first line is one of the template's
 * clause headings (CLAUSE_HEADINGS) is a clause; inside a clause, lines that begin with "- " are
 * list items. Only the template writes that structure: every value a member typed goes in
 * through `asOneLine` (no line breaks, controls or bidi overrides), so it stays inside the
 * sentence it was put in, and the reader recognises only the template's own headings.
 *
 * Versions: 2026-11.1 (issue 16); 2026-11.2 (issue 39): the institution's representative, a
 * minor's guardian consent stated as a condition recorded apart (not as given), clause 5 as the
 * law words it, member values as inline text. Termos already issued keep their stored text.
 */
export const TEMPLATE_VERSION = "2026-11.2";

export interface AgreementParties {
  volunteer: {
    name: string;
    email: string;
    /** 'AAAA-MM-DD' when the person gave it. */
    birthDate: string | null;
    guardian: { name: string; email: string } | null;
  };
  institution: {
    name: string;
    cnpj: string;
    street: string;
    number: string;
    complement: string | null;
    neighborhood: string;
    city: string;
    state: string;
    /** Who signs for the institution (its profile, when issued), or null when it named nobody. */
    representative: { name: string; role: string } | null;
  };
  activity:
    | {
        kind: "EVENT";
        name: string;
        /** 'AAAA-MM-DD' */
        date: string;
        startTime: string | null;
        endTime: string | null;
        /** The address, or null for an online event. */
        place: string | null;
      }
    | {
        kind: "APPLICATION";
        /** The day the institution accepted the application, 'AAAA-MM-DD'. */
        since: string;
      };
  /** The day the termo is issued, 'AAAA-MM-DD' (Brasília). */
  issuedOn: string;
  appName: string;
}

export const AGREEMENT_TITLE = "TERMO DE ADESÃO AO SERVIÇO VOLUNTÁRIO";

/** Every clause heading the template has written, in any version: the only ones read as such. */
export const CLAUSE_HEADINGS = [
  "1. OBJETO",
  "2. PERÍODO",
  "3. CONDIÇÕES",
  "4. NATUREZA DO SERVIÇO",
  "5. RESSARCIMENTO DE DESPESAS",
  "6. DEVERES DO(A) VOLUNTÁRIO(A)",
  "7. DEVERES DA INSTITUIÇÃO",
  "8. ENCERRAMENTO",
  "9. ACEITAÇÃO ELETRÔNICA",
] as const;

/** The name a list shows for the activity. */
export function activityName(activity: AgreementParties["activity"]): string {
  return activity.kind === "EVENT" ? asOneLine(activity.name) : "Voluntariado contínuo";
}

function institutionAddress(institution: AgreementParties["institution"]): string {
  const parts = [
    institution.street,
    institution.number,
    institution.complement,
    institution.neighborhood,
  ].map((part) => asOneLine(part ?? ""));
  const place = `${asOneLine(institution.city)}/${asOneLine(institution.state)}`;
  return [...parts.filter(Boolean), place].join(", ");
}

function institutionParty(institution: AgreementParties["institution"]): string {
  const { representative } = institution;
  const signer = representative
    ? `, neste ato representada por ${asOneLine(representative.name)}, ${asOneLine(representative.role)}`
    : "";
  return `INSTITUIÇÃO: ${asOneLine(institution.name)}, inscrita no CNPJ sob o nº ${asOneLine(formatCnpj(institution.cnpj))}, com sede em ${institutionAddress(institution)}${signer}, doravante denominada INSTITUIÇÃO.`;
}

function volunteerParty(volunteer: AgreementParties["volunteer"]): string {
  const birth = volunteer.birthDate ? `, nascido(a) em ${formatIsoDate(volunteer.birthDate)}` : "";
  // The text is hashed when issued, before the guardian answers: it names the guardian and says
  // the consent is needed, never that it was given (the consent is recorded apart, ADR 0067).
  const guardian = volunteer.guardian
    ? `, menor de 18 anos, a ser assistido(a) por seu responsável legal, ${asOneLine(volunteer.guardian.name)} (e-mail ${asOneLine(volunteer.guardian.email)})`
    : "";
  return `VOLUNTÁRIO(A): ${asOneLine(volunteer.name)}, e-mail ${asOneLine(volunteer.email)}${birth}${guardian}, doravante denominado(a) VOLUNTÁRIO(A).`;
}

function objectClause(activity: AgreementParties["activity"]): string {
  if (activity.kind === "APPLICATION") {
    return "O presente termo tem por objeto a prestação de serviço voluntário pelo(a) VOLUNTÁRIO(A) à INSTITUIÇÃO em atividade de voluntariado contínua, nas ações que a INSTITUIÇÃO organizar e combinar previamente com o(a) VOLUNTÁRIO(A), nos termos da Lei nº 9.608/1998.";
  }
  const time = formatTimeRange(activity.startTime, activity.endTime);
  const when = `${formatIsoDateLong(activity.date)}${time ? `, das ${time}` : ", durante o dia"}`;
  const where = activity.place ? `, em ${asOneLine(activity.place)}` : ", de forma online";
  return `O presente termo tem por objeto a prestação de serviço voluntário pelo(a) VOLUNTÁRIO(A) à INSTITUIÇÃO no evento "${asOneLine(activity.name)}", em ${when}${where}, nos termos da Lei nº 9.608/1998.`;
}

function periodClause(activity: AgreementParties["activity"]): string {
  if (activity.kind === "EVENT") {
    return `O serviço será prestado na data do evento (${formatIsoDate(activity.date)}), no horário e local indicados na cláusula 1, ou nos que a INSTITUIÇÃO comunicar com antecedência pela plataforma.`;
  }
  return `O serviço será prestado a partir de ${formatIsoDate(activity.since)}, por prazo indeterminado, em dias e horários combinados entre as partes, até que uma delas encerre este termo (cláusula 8).`;
}

function acceptanceClause(parties: AgreementParties): string {
  const cause =
    parties.activity.kind === "EVENT"
      ? "confirmar a vaga do(a) VOLUNTÁRIO(A) no evento"
      : "aceitar a candidatura do(a) VOLUNTÁRIO(A)";
  const guardian = parties.volunteer.guardian
    ? " Sendo o(a) VOLUNTÁRIO(A) menor de 18 anos, este termo só produz efeitos depois que o responsável legal nomeado acima consentir, pelo link enviado ao seu e-mail; a plataforma registra esse consentimento à parte, com o nome informado pelo responsável, a data e a hora, o endereço IP e o resumo criptográfico deste texto."
    : "";
  return `A INSTITUIÇÃO emitiu este termo pela plataforma ${asOneLine(parties.appName)} ao ${cause}. O(A) VOLUNTÁRIO(A) o aceita eletronicamente na plataforma, que registra quem aceitou, a data e a hora, o endereço IP e o resumo criptográfico (SHA-256) deste texto. As partes reconhecem essa aceitação como válida.${guardian}`;
}

/** The whole text of a termo: what is stored, hashed, shown, accepted and printed. */
export function buildAgreementText(parties: AgreementParties): string {
  const { institution, volunteer, activity } = parties;
  const [object, period, conditions, nature, expenses, volunteerDuties, duties, end, acceptance] =
    CLAUSE_HEADINGS;
  const blocks = [
    `${AGREEMENT_TITLE}\nLei nº 9.608, de 18 de fevereiro de 1998`,
    institutionParty(institution),
    volunteerParty(volunteer),
    "As partes celebram o presente termo de adesão, conforme o art. 2º da Lei nº 9.608/1998, nas condições a seguir.",
    `${object}\n${objectClause(activity)}`,
    `${period}\n${periodClause(activity)}`,
    `${conditions}\nAs tarefas, os horários e o local de cada atividade são combinados com a INSTITUIÇÃO, que orienta o(a) VOLUNTÁRIO(A) sobre o trabalho e as normas de segurança aplicáveis. As horas efetivamente prestadas são registradas e confirmadas pela INSTITUIÇÃO na plataforma.`,
    `${nature}\nO serviço voluntário é atividade não remunerada e não gera vínculo empregatício, nem obrigação de natureza trabalhista, previdenciária ou afim (Lei nº 9.608/1998, art. 1º, parágrafo único).`,
    `${expenses}\nO(A) VOLUNTÁRIO(A) poderá ser ressarcido(a) das despesas que comprovadamente realizar no desempenho das atividades voluntárias, desde que expressamente autorizadas pela INSTITUIÇÃO (Lei nº 9.608/1998, art. 3º e parágrafo único).`,
    `${volunteerDuties}\n- Cumprir com pontualidade e responsabilidade as atividades combinadas.\n- Seguir as orientações e as normas de segurança da INSTITUIÇÃO.\n- Tratar com respeito as pessoas atendidas, a equipe e os demais voluntários.\n- Guardar sigilo sobre informações pessoais a que tiver acesso.\n- Avisar a INSTITUIÇÃO com antecedência quando não puder comparecer.`,
    `${duties}\n- Orientar o(a) VOLUNTÁRIO(A) e oferecer condições adequadas e seguras para a atividade.\n- Não exigir tarefas alheias ao objeto deste termo.\n- Registrar e confirmar as horas prestadas, quando solicitado.`,
    `${end}\nQualquer das partes pode encerrar este termo a qualquer tempo, mediante simples comunicação à outra, sem ônus ou penalidade.`,
    `${acceptance}\n${acceptanceClause(parties)}`,
    `Emitido em ${formatIsoDate(parties.issuedOn)}. Modelo ${TEMPLATE_VERSION}.`,
  ];
  return blocks.join("\n\n");
}

export type AgreementBlock =
  | { kind: "title"; title: string; subtitle: string }
  | { kind: "clause"; heading: string; paragraphs: string[]; items: string[] }
  | { kind: "paragraph"; text: string };

const HEADINGS: ReadonlySet<string> = new Set(CLAUSE_HEADINGS);

/**
 * The stored text back as blocks, for the page and the PDF (the format described above). A block
 * is a clause only when it opens with one of the template's headings: text that merely looks like
 * one ("10. PAGAMENTO" in a termo stored before values were made inline) stays a paragraph. Each
 * piece is read as inline text, so a control or bidi override in an older stored text is not
 * shown either (a text the template wrote has none: it reads back exactly as written).
 */
export function agreementBlocks(text: string): AgreementBlock[] {
  return text.split("\n\n").map((block, index): AgreementBlock => {
    const [first = "", ...rest] = block.split("\n");
    if (index === 0) {
      return { kind: "title", title: asOneLine(first), subtitle: asOneLine(rest.join(" ")) };
    }
    if (HEADINGS.has(first) && rest.length > 0) {
      return {
        kind: "clause",
        heading: first,
        paragraphs: rest.filter((line) => !line.startsWith("- ")).map(asOneLine),
        items: rest.filter((line) => line.startsWith("- ")).map((line) => asOneLine(line.slice(2))),
      };
    }
    return { kind: "paragraph", text: asOneLine(block) };
  });
}
