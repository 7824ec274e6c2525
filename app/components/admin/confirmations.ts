import type { SectionData } from "~/admin/admin-sections.server";
import type { Confirmation } from "~/admin/admin-url";
import { REVIEW_REASONS } from "~/admin/review-reasons";
import type { ConfirmSpec } from "./admin-dialogs";

const UNDO = "Esta ação não pode ser desfeita!";

/**
 * The confirmation asked before each action (docs/spec.md 8 texts for deletions). Null when the
 * action does not apply to the record as it is now (e.g. approving an event already approved).
 */
export function confirmationFor(data: SectionData, confirm: Confirmation): ConfirmSpec | null {
  switch (data.section) {
    case "voluntarios":
      if (confirm !== "excluir" || !data.target) return null;
      return {
        title: "Tem certeza de que deseja excluir este voluntário?",
        description: `${UNDO} A conta de ${data.target.name}, seus dados, fotos e sessões serão apagados.`,
        confirmLabel: "Excluir voluntário",
        intent: "excluir-voluntario",
        id: data.target.id,
        danger: true,
      };
    case "instituicoes":
      if (confirm !== "excluir" || !data.target) return null;
      return {
        title: "Tem certeza de que deseja excluir esta instituição?",
        description: `${UNDO} A conta de ${data.target.name}, seus dados, fotos, sessões e eventos serão apagados.`,
        confirmLabel: "Excluir instituição",
        intent: "excluir-instituicao",
        id: data.target.id,
        danger: true,
      };
    case "eventos":
    case "evento": {
      const event = data.section === "evento" ? data.record : data.target;
      if (!event) return null;
      const pending = event.status === "PENDING";
      if (confirm === "aprovar" && pending)
        return {
          title: "Aprovar evento?",
          description: `O evento ${event.name} será publicado no site e a instituição receberá um e-mail.`,
          confirmLabel: "Aprovar evento",
          intent: "aprovar-evento",
          id: event.id,
        };
      if (confirm === "reprovar" && pending)
        return {
          title: "Reprovar evento?",
          description: `O evento ${event.name} não será publicado. A instituição receberá o motivo por e-mail.`,
          confirmLabel: "Reprovar evento",
          intent: "reprovar-evento",
          id: event.id,
          danger: true,
          reasons: REVIEW_REASONS.event,
        };
      if (confirm === "reabrir" && (event.status === "APPROVED" || event.status === "REJECTED"))
        return {
          title: "Reabrir a análise?",
          description: `O evento ${event.name} voltará para Pendentes e não aparecerá no site até uma nova decisão.`,
          confirmLabel: "Reabrir análise",
          intent: "reabrir-evento",
          id: event.id,
        };
      if (confirm === "excluir" && !pending)
        return {
          title: "Excluir evento?",
          description: `O evento ${event.name} sairá do site. ${UNDO}`,
          confirmLabel: "Excluir evento",
          intent: "excluir-evento",
          id: event.id,
          danger: true,
        };
      return null;
    }
    case "instituicao": {
      const { record } = data;
      const pending = record.status === "PENDING";
      if (confirm === "aprovar" && pending)
        return {
          title: "Aprovar instituição?",
          description: `${record.name} passará a aparecer no site e receberá um e-mail avisando.`,
          confirmLabel: "Aprovar",
          intent: "aprovar-instituicao",
          id: record.id,
        };
      if (confirm === "reprovar" && pending)
        return {
          title: "Reprovar instituição?",
          description: `${record.name} não aparecerá no site e receberá o motivo por e-mail, com o caminho para corrigir o cadastro e reenviá-lo.`,
          confirmLabel: "Reprovar",
          intent: "reprovar-instituicao",
          id: record.id,
          danger: true,
          reasons: REVIEW_REASONS.institution,
        };
      if (confirm === "reabrir" && !pending)
        return {
          title: "Reabrir a análise?",
          description: `${record.name} voltará para Pendentes${record.status === "APPROVED" ? " e deixará de aparecer no site" : ""} até uma nova decisão.`,
          confirmLabel: "Reabrir análise",
          intent: "reabrir-instituicao",
          id: record.id,
        };
      if (confirm === "aprovar-nome" && record.proposedName)
        return {
          title: "Aprovar o novo nome?",
          description: `${record.name} passará a se chamar ${record.proposedName} no site, e a instituição receberá um e-mail.`,
          confirmLabel: "Aprovar novo nome",
          intent: "aprovar-nome",
          id: record.id,
        };
      if (confirm === "recusar-nome" && record.proposedName)
        return {
          title: "Recusar o novo nome?",
          description: `O site continua mostrando ${record.name}. A instituição receberá o motivo por e-mail.`,
          confirmLabel: "Recusar novo nome",
          intent: "recusar-nome",
          id: record.id,
          danger: true,
          reasons: REVIEW_REASONS.name,
        };
      if (confirm === "resetar" && !pending) return resetSpec(record, "instituicao");
      return null;
    }
    case "voluntario":
      return confirm === "resetar" ? resetSpec(data.record, "voluntario") : null;
    default:
      return null;
  }
}

function resetSpec(
  record: { id: string; email: string },
  origem: "voluntario" | "instituicao",
): ConfirmSpec {
  return {
    title: "Resetar senha?",
    description: `Um link para criar uma nova senha será enviado para ${record.email}. As sessões abertas serão encerradas quando o link for usado.`,
    confirmLabel: "Enviar e-mail",
    intent: "resetar-senha",
    id: record.id,
    fields: { origem },
  };
}
