import { formatIsoDate, formatIsoDateLong, formatTimeRange } from "~/events/event-dates";
import { formatCnpj } from "~/forms/masks";

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
 *   paragraph: only expenses expressly authorised by the entity.
 *
 * The text format, read back by the PDF writer: blocks separated by a blank line; the first block
 * is the title and its subtitle; a block whose first line is "N. TITLE" is a clause; lines that
 * begin with "- " are list items.
 */
export const TEMPLATE_VERSION = "2026-11.1";

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

/** The name a list shows for the activity. */
export function activityName(activity: AgreementParties["activity"]): string {
  return activity.kind === "EVENT" ? activity.name : "Voluntariado contínuo";
}

function institutionAddress(institution: AgreementParties["institution"]): string {
  const complement = institution.complement ? `, ${institution.complement}` : "";
  return `${institution.street}, ${institution.number}${complement}, ${institution.neighborhood}, ${institution.city}/${institution.state}`;
}

function volunteerParty(volunteer: AgreementParties["volunteer"]): string {
  const birth = volunteer.birthDate ? `, nascido(a) em ${formatIsoDate(volunteer.birthDate)}` : "";
  const guardian = volunteer.guardian
    ? `, menor de 18 anos, assistido(a) por seu responsável legal, ${volunteer.guardian.name} (e-mail ${volunteer.guardian.email}), que consente com este termo`
    : "";
  return `VOLUNTÁRIO(A): ${volunteer.name}, e-mail ${volunteer.email}${birth}${guardian}, doravante denominado(a) VOLUNTÁRIO(A).`;
}

function objectClause(activity: AgreementParties["activity"]): string {
  if (activity.kind === "APPLICATION") {
    return "O presente termo tem por objeto a prestação de serviço voluntário pelo(a) VOLUNTÁRIO(A) à INSTITUIÇÃO em atividade de voluntariado contínua, nas ações que a INSTITUIÇÃO organizar e combinar previamente com o(a) VOLUNTÁRIO(A), nos termos da Lei nº 9.608/1998.";
  }
  const time = formatTimeRange(activity.startTime, activity.endTime);
  const when = `${formatIsoDateLong(activity.date)}${time ? `, das ${time}` : ", durante o dia"}`;
  const where = activity.place ? `, em ${activity.place}` : ", de forma online";
  return `O presente termo tem por objeto a prestação de serviço voluntário pelo(a) VOLUNTÁRIO(A) à INSTITUIÇÃO no evento "${activity.name}", em ${when}${where}, nos termos da Lei nº 9.608/1998.`;
}

function periodClause(activity: AgreementParties["activity"]): string {
  if (activity.kind === "EVENT") {
    return `O serviço será prestado na data do evento (${formatIsoDate(activity.date)}), no horário e local indicados na cláusula 1, ou nos que a INSTITUIÇÃO comunicar com antecedência pela plataforma.`;
  }
  return `O serviço será prestado a partir de ${formatIsoDate(activity.since)}, por prazo indeterminado, em dias e horários combinados entre as partes, até que uma delas encerre este termo (cláusula 8).`;
}

/** The whole text of a termo: what is stored, hashed, shown, accepted and printed. */
export function buildAgreementText(parties: AgreementParties): string {
  const { institution, volunteer, activity } = parties;
  const blocks = [
    `${AGREEMENT_TITLE}\nLei nº 9.608, de 18 de fevereiro de 1998`,
    `INSTITUIÇÃO: ${institution.name}, inscrita no CNPJ sob o nº ${formatCnpj(institution.cnpj)}, com sede em ${institutionAddress(institution)}, doravante denominada INSTITUIÇÃO.`,
    volunteerParty(volunteer),
    "As partes celebram o presente termo de adesão, conforme o art. 2º da Lei nº 9.608/1998, nas condições a seguir.",
    `1. OBJETO\n${objectClause(activity)}`,
    `2. PERÍODO\n${periodClause(activity)}`,
    "3. CONDIÇÕES\nAs tarefas, os horários e o local de cada atividade são combinados com a INSTITUIÇÃO, que orienta o(a) VOLUNTÁRIO(A) sobre o trabalho e as normas de segurança aplicáveis. As horas efetivamente prestadas são registradas e confirmadas pela INSTITUIÇÃO na plataforma.",
    "4. NATUREZA DO SERVIÇO\nO serviço voluntário é atividade não remunerada e não gera vínculo empregatício, nem obrigação de natureza trabalhista, previdenciária ou afim (Lei nº 9.608/1998, art. 1º, parágrafo único).",
    "5. RESSARCIMENTO DE DESPESAS\nO(A) VOLUNTÁRIO(A) somente poderá ser ressarcido(a) das despesas que comprovadamente realizar no desempenho das atividades e que tenham sido expressamente autorizadas pela INSTITUIÇÃO antes de realizadas (Lei nº 9.608/1998, art. 3º e parágrafo único).",
    "6. DEVERES DO(A) VOLUNTÁRIO(A)\n- Cumprir com pontualidade e responsabilidade as atividades combinadas.\n- Seguir as orientações e as normas de segurança da INSTITUIÇÃO.\n- Tratar com respeito as pessoas atendidas, a equipe e os demais voluntários.\n- Guardar sigilo sobre informações pessoais a que tiver acesso.\n- Avisar a INSTITUIÇÃO com antecedência quando não puder comparecer.",
    "7. DEVERES DA INSTITUIÇÃO\n- Orientar o(a) VOLUNTÁRIO(A) e oferecer condições adequadas e seguras para a atividade.\n- Não exigir tarefas alheias ao objeto deste termo.\n- Registrar e confirmar as horas prestadas, quando solicitado.",
    "8. ENCERRAMENTO\nQualquer das partes pode encerrar este termo a qualquer tempo, mediante simples comunicação à outra, sem ônus ou penalidade.",
    `9. ACEITAÇÃO ELETRÔNICA\nA INSTITUIÇÃO emitiu este termo pela plataforma ${parties.appName} ao ${activity.kind === "EVENT" ? "confirmar a vaga do(a) VOLUNTÁRIO(A) no evento" : "aceitar a candidatura do(a) VOLUNTÁRIO(A)"}. O(A) VOLUNTÁRIO(A) o aceita eletronicamente na plataforma, que registra quem aceitou, a data e a hora, o endereço IP e o resumo criptográfico (SHA-256) deste texto. As partes reconhecem essa aceitação como válida.`,
    `Emitido em ${formatIsoDate(parties.issuedOn)}. Modelo ${TEMPLATE_VERSION}.`,
  ];
  return blocks.join("\n\n");
}

export type AgreementBlock =
  | { kind: "title"; title: string; subtitle: string }
  | { kind: "clause"; heading: string; paragraphs: string[]; items: string[] }
  | { kind: "paragraph"; text: string };

/** The stored text back as blocks, for the page and the PDF (the format described above). */
export function agreementBlocks(text: string): AgreementBlock[] {
  return text.split("\n\n").map((block, index): AgreementBlock => {
    const [first = "", ...rest] = block.split("\n");
    if (index === 0) return { kind: "title", title: first, subtitle: rest.join(" ") };
    if (/^\d+\. \S/.test(first) && rest.length > 0) {
      return {
        kind: "clause",
        heading: first,
        paragraphs: rest.filter((line) => !line.startsWith("- ")),
        items: rest.filter((line) => line.startsWith("- ")).map((line) => line.slice(2)),
      };
    }
    return { kind: "paragraph", text: block };
  });
}
