/**
 * Every action the audit trail records, with the label the admin reads. The audit section's
 * action filter offers them in this order; a new action is added here and nowhere else.
 */
export const AUDIT_ACTION_LABELS = {
  "institution.approve": "Aprovou instituição",
  "institution.reject": "Reprovou instituição",
  "institution.reopen": "Reabriu a análise de instituição",
  "institution.resubmit": "Reenviou o cadastro para análise",
  "institution.update": "Alterou os dados da instituição",
  "institution.name-approve": "Aprovou novo nome de instituição",
  "institution.name-reject": "Recusou novo nome de instituição",
  "institution.delete": "Excluiu instituição",
  "event.create": "Criou evento",
  "event.approve": "Aprovou evento",
  "event.reject": "Reprovou evento",
  "event.reopen": "Reabriu a análise de evento",
  "event.update": "Alterou evento",
  "event.resubmit": "Reenviou evento para análise",
  "event.cancel": "Cancelou evento",
  "event.delete": "Excluiu evento",
  "application.accept": "Aceitou candidatura",
  "application.decline": "Recusou candidatura",
  "participant.remove": "Removeu participante",
  "participants.message": "Enviou mensagem aos participantes",
  "volunteer.delete": "Excluiu voluntário",
  "password.reset": "Enviou redefinição de senha",
  "account.delete": "Excluiu a própria conta",
  "personal-data.export": "Baixou os próprios dados",
  "settings.update": "Alterou configuração",
  "hours.event-confirm": "Confirmou horas de evento",
  "hours.month-confirm": "Confirmou horas de um mês",
  "hours.approve": "Aprovou horas registradas",
  "hours.decline": "Recusou horas registradas",
  "certificate.issue": "Emitiu certificado",
  "certificate.revoke": "Revogou certificado",
  "team.invite": "Convidou para a equipe",
  "team.invite-cancel": "Cancelou convite para a equipe",
  "team.join": "Entrou na equipe",
  "team.role-change": "Mudou o papel de membro da equipe",
  "team.remove": "Removeu membro da equipe",
  "team.leave": "Saiu da equipe",
  "event.assign": "Designou coordenador(a) para evento",
  "event.unassign": "Retirou coordenador(a) de evento",
} as const;

export type AuditAction = keyof typeof AUDIT_ACTION_LABELS;

export const AUDIT_ACTIONS = Object.keys(AUDIT_ACTION_LABELS) as AuditAction[];
