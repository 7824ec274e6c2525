import { z } from "zod";
import {
  DELETE_MESSAGES,
  deleteInstitutionAccount,
  deleteVolunteerAccount,
  sendUserPasswordReset,
} from "~/admin/accounts.server";
import { loadAdminSection, type SectionData } from "~/admin/admin-sections.server";
import { type AdminQuery, adminHref, listHref, type Result, type Section } from "~/admin/admin-url";
import {
  deleteEvent,
  reopenEvent,
  reopenInstitution,
  reviewEvent,
  reviewInstitution,
} from "~/admin/moderation.server";
import { approveProposedName, rejectProposedName } from "~/admin/proposed-name.server";
import { composeReason } from "~/admin/review-reasons";
import { saveEventReviewSetting } from "~/admin/settings.server";
import { AppError, isAppError } from "~/lib/app-error";
import { log } from "~/lib/log.server";
import { redirect } from "~/web/redirect.server";

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
      // Back to the list as the admin left it (tab, filters, search, page), with the spec's text.
      const list = listHref(query, { section: LIST_OF[query.section], id: null });
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
    "reabrir-instituicao",
    "reabrir-evento",
    "aprovar-nome",
    "recusar-nome",
    "salvar-configuracao",
    "excluir-evento",
    "excluir-voluntario",
    "resetar-senha",
  ]),
  /** The record acted on; only the settings form has none. */
  id: z.uuid().optional(),
  /** The section the reset was asked from, to come back to it. */
  origem: z.enum(["voluntario", "instituicao"]).optional(),
  /** A rejection's reason (a code of REVIEW_REASONS) and the admin's own words. */
  motivo: z.string().optional(),
  detalhes: z.string().optional(),
});

const INVALID_ACTION = "Ação inválida. Atualize a página e tente novamente.";

export type AdminIntent = z.infer<typeof actionSchema>["intent"];

/** The "Erro" dialog's text; a rejection without a valid reason reopens its form instead. */
export interface ActionFailure {
  error: string;
  retry?: { motivo: string; detalhes: string };
}

const reasonRefused = (message: string, motivo?: string, detalhes?: string): ActionFailure => ({
  error: message,
  retry: { motivo: motivo ?? "", detalhes: (detalhes ?? "").slice(0, 2_000) },
});

const back = (section: Section, result: Result, id?: string) =>
  redirect(adminHref({ section, result, id }));

/**
 * Runs one admin action for `adminId`. Success is a redirect (post/redirect/get) to where docs/spec.md
 * sends the admin, with the result in the query; failure is the server's text for the "Erro" dialog.
 */
export async function runAdminAction(
  formData: FormData,
  adminId: string,
): Promise<Response | ActionFailure> {
  const parsed = actionSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) return { error: INVALID_ACTION };
  const { intent, origem, motivo, detalhes } = parsed.data;
  const id = parsed.data.id;
  if (!id && intent !== "salvar-configuracao") return { error: INVALID_ACTION };
  try {
    if (intent === "salvar-configuracao") {
      await saveEventReviewSetting({ adminId, formData });
      return back("eventos", "configuracao-salva");
    }
    if (!id) return { error: INVALID_ACTION };
    switch (intent) {
      case "aprovar-instituicao":
        await reviewInstitution({ adminId, institutionId: id, approved: true });
        return back("instituicoes", "aprovado");
      case "reprovar-instituicao": {
        const reason = composeReason("institution", motivo, detalhes);
        if (!reason.ok) return reasonRefused(reason.message, motivo, detalhes);
        await reviewInstitution({
          adminId,
          institutionId: id,
          approved: false,
          reason: reason.reason,
        });
        return back("instituicoes", "reprovado");
      }
      case "aprovar-evento":
        await reviewEvent({ adminId, eventId: id, approved: true });
        return back("eventos", "aprovado");
      case "reprovar-evento": {
        const reason = composeReason("event", motivo, detalhes);
        if (!reason.ok) return reasonRefused(reason.message, motivo, detalhes);
        await reviewEvent({ adminId, eventId: id, approved: false, reason: reason.reason });
        return back("eventos", "reprovado");
      }
      case "reabrir-instituicao":
        await reopenInstitution({ adminId, institutionId: id });
        return back("instituicao", "reaberto", id);
      case "reabrir-evento":
        await reopenEvent({ adminId, eventId: id });
        return back("evento", "reaberto", id);
      case "aprovar-nome":
        await approveProposedName({ adminId, institutionId: id });
        return back("instituicao", "nome-aprovado", id);
      case "recusar-nome": {
        const reason = composeReason("name", motivo, detalhes);
        if (!reason.ok) return reasonRefused(reason.message, motivo, detalhes);
        await rejectProposedName({ adminId, institutionId: id, reason: reason.reason });
        return back("instituicao", "nome-recusado", id);
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
  if (intent.endsWith("-nome")) return "Erro inesperado ao atualizar o nome da instituição.";
  if (intent === "salvar-configuracao") return "Não foi possível salvar a configuração.";
  if (intent === "excluir-voluntario") return DELETE_MESSAGES.volunteer.failed;
  if (intent === "excluir-instituicao") return DELETE_MESSAGES.institution.failed;
  return "Ocorreu um erro ao enviar o e-mail de redefinição de senha.";
}
