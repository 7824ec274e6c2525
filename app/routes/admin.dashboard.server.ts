import { redirect } from "react-router";
import { z } from "zod";
import {
  DELETE_MESSAGES,
  deleteInstitutionAccount,
  deleteVolunteerAccount,
  sendUserPasswordReset,
} from "~/admin/accounts.server";
import { loadAdminSection, type SectionData } from "~/admin/admin-sections.server";
import { type AdminQuery, adminHref, type Result, type Section } from "~/admin/admin-url";
import { deleteEvent, reviewEvent, reviewInstitution } from "~/admin/moderation.server";
import { AppError, isAppError } from "~/lib/app-error";
import { log } from "~/lib/log.server";

/**
 * The admin panel's controller (routes/admin.dashboard.tsx): the section to show with the spec's
 * text when it cannot be read, and the admin's actions, each answered with a redirect
 * (post/redirect/get) or the text for the "Erro" dialog.
 */

/** docs/spec.md 8 "Admin": what a section says when its data cannot be read. */
export const LOAD_ERRORS = {
  dashboard: "Não foi possível obter as informações do dashboard.",
  voluntarios: "Não foi possível obter as informações dos voluntários.",
  instituicoes: "Não foi possível obter as informações das instituições.",
  eventos: "Não foi possível obter as informações dos eventos.",
  auditoria: "Não foi possível obter o histórico de ações.",
  voluntario: "Erro ao carregar voluntário.",
  instituicao: "Não foi possível obter as informações da instituição.",
  evento: "Não foi possível obter as informações do evento.",
} as const;

/** docs/spec.md 8: a failed refresh of the dashboard and a failed search have texts of their own. */
const REFRESH_ERROR = "Ocorreu um erro ao atualizar os dados.";
const SEARCH_ERRORS = {
  voluntarios: "Erro ao buscar voluntários. Tente novamente.",
  instituicoes: "Erro ao buscar instituições. Tente novamente.",
} as const;

function loadErrorText(query: AdminQuery): string {
  if (query.section === "dashboard" && query.refresh) return REFRESH_ERROR;
  if ((query.section === "voluntarios" || query.section === "instituicoes") && query.search) {
    return SEARCH_ERRORS[query.section];
  }
  return LOAD_ERRORS[query.section];
}

/** A record that is gone (or never was) sends the admin back to its list with the spec's text. */
const LIST_OF = {
  voluntario: "voluntarios",
  instituicao: "instituicoes",
  evento: "eventos",
} as const;

type RecordSection = keyof typeof LIST_OF;

const isRecordSection = (section: string | null): section is RecordSection =>
  section !== null && Object.hasOwn(LIST_OF, section);

export async function loadAdminPage(
  query: AdminQuery,
  errorCode: string | null,
): Promise<{ data: SectionData | null; error: string | null }> {
  const pendingError = isRecordSection(errorCode) ? LOAD_ERRORS[errorCode] : null;
  try {
    return { data: await loadAdminSection(query), error: pendingError };
  } catch (error) {
    if (isAppError(error, "not-found") && isRecordSection(query.section)) {
      const list = adminHref({ section: LIST_OF[query.section], tab: query.tab });
      throw redirect(`${list}&erro=${query.section}`);
    }
    log.error({ err: error, section: query.section }, "admin section failed to load");
    return { data: null, error: loadErrorText(query) };
  }
}

/** Every admin form posts an intent and the record's id; nothing else is trusted from the page. */
const actionSchema = z.object({
  intent: z.enum([
    "aprovar-instituicao",
    "reprovar-instituicao",
    "excluir-instituicao",
    "aprovar-evento",
    "reprovar-evento",
    "excluir-evento",
    "excluir-voluntario",
    "resetar-senha",
  ]),
  id: z.uuid(),
  /** The section the reset was asked from, to come back to it. */
  origem: z.enum(["voluntario", "instituicao"]).optional(),
});

export type AdminIntent = z.infer<typeof actionSchema>["intent"];

const back = (section: Section, result: Result, id?: string) =>
  redirect(adminHref({ section, result, id }));

/**
 * Runs one admin action for `adminId`. Success is a redirect (post/redirect/get) to where docs/spec.md
 * sends the admin, with the result in the query; failure is the server's text for the "Erro" dialog.
 */
export async function runAdminAction(
  formData: FormData,
  adminId: string,
): Promise<Response | { error: string }> {
  const parsed = actionSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) return { error: "Ação inválida. Atualize a página e tente novamente." };
  const { intent, id, origem } = parsed.data;
  try {
    switch (intent) {
      case "aprovar-instituicao":
      case "reprovar-instituicao": {
        const approved = intent === "aprovar-instituicao";
        await reviewInstitution({ adminId, institutionId: id, approved });
        return back("instituicoes", approved ? "aprovado" : "reprovado");
      }
      case "aprovar-evento":
      case "reprovar-evento": {
        const approved = intent === "aprovar-evento";
        await reviewEvent({ adminId, eventId: id, approved });
        return back("eventos", approved ? "aprovado" : "reprovado");
      }
      case "excluir-evento":
        await deleteEvent({ adminId, eventId: id });
        return back("eventos", "excluido");
      case "excluir-voluntario":
        await deleteVolunteerAccount({ adminId, volunteerId: id });
        return back("voluntarios", "voluntario-excluido");
      case "excluir-instituicao":
        await deleteInstitutionAccount({ adminId, institutionId: id });
        return back("instituicoes", "instituicao-excluida");
      case "resetar-senha":
        await sendUserPasswordReset({ adminId, userId: id });
        return back(origem ?? "voluntario", "senha-enviada", id);
    }
  } catch (error) {
    // A refusal from the domain (the record is gone, or no longer waiting for review).
    if (error instanceof AppError) return { error: error.message };
    log.error({ err: error, intent, id }, "admin action failed");
    return { error: unexpectedMessage(intent) };
  }
}

/** docs/spec.md 8: unexpected failures say so ("Erro inesperado ao atualizar o status..."). */
function unexpectedMessage(intent: AdminIntent): string {
  if (intent.endsWith("-instituicao") && !intent.startsWith("excluir"))
    return `Erro inesperado ao atualizar o status da instituição.`;
  if (intent.endsWith("-evento")) return "Erro inesperado ao atualizar o status do evento.";
  if (intent === "excluir-voluntario") return DELETE_MESSAGES.volunteer.failed;
  if (intent === "excluir-instituicao") return DELETE_MESSAGES.institution.failed;
  return "Ocorreu um erro ao enviar o e-mail de redefinição de senha.";
}
