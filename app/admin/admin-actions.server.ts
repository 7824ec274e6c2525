import { redirect } from "react-router";
import { z } from "zod";
import { adminHref, type Result, type Section } from "~/components/admin/admin-url";
import { log } from "~/lib/log.server";
import {
  DELETE_MESSAGES,
  deleteInstitutionAccount,
  deleteVolunteerAccount,
  sendUserPasswordReset,
} from "./accounts.server";
import {
  AdminActionError,
  deleteEvent,
  reviewEvent,
  reviewInstitution,
  STATUS_MESSAGES,
} from "./moderation.server";

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
 * Runs one admin action for `adminId`. Success is a redirect (post/redirect/get) to where SPEC.md
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
    if (error instanceof AdminActionError) return { error: error.message };
    log.error({ err: error, intent, id }, "admin action failed");
    return { error: unexpectedMessage(intent) };
  }
}

/** SPEC.md 8: unexpected failures say so ("Erro inesperado ao atualizar o status..."). */
function unexpectedMessage(intent: AdminIntent): string {
  if (intent.endsWith("-instituicao") && !intent.startsWith("excluir"))
    return `Erro inesperado ao atualizar o status da instituição.`;
  if (intent.endsWith("-evento")) return "Erro inesperado ao atualizar o status do evento.";
  if (intent === "excluir-voluntario") return DELETE_MESSAGES.volunteer.failed;
  if (intent === "excluir-instituicao") return DELETE_MESSAGES.institution.failed;
  return "Ocorreu um erro ao enviar o e-mail de redefinição de senha.";
}

export { STATUS_MESSAGES };
