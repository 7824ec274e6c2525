/**
 * The roles of an institution's team (issue 41, ADR 0077), browser-safe: the pages name them.
 * A RESPONSAVEL does everything a COORDENADOR does, and also edits the institution's profile,
 * manages the team and signs its documents.
 */
export const MEMBER_ROLES = ["RESPONSAVEL", "COORDENADOR"] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

export const MEMBER_ROLE_LABELS: Record<MemberRole, string> = {
  RESPONSAVEL: "Responsável",
  COORDENADOR: "Coordenador(a)",
};

export function isMemberRole(value: unknown): value is MemberRole {
  return typeof value === "string" && (MEMBER_ROLES as readonly string[]).includes(value);
}

/** What the role card on the team page says each role may do. */
export const MEMBER_ROLE_DUTIES: Record<MemberRole, string> = {
  RESPONSAVEL:
    "Tudo o que a coordenação faz, e também edita o perfil da instituição, cuida da equipe e assina os documentos.",
  COORDENADOR:
    "Cria e edita eventos, cuida dos participantes, da presença, das horas, das mensagens e dos certificados.",
};

/**
 * The institution area acting for `institutionId`: the area's guard takes the choice from the
 * address and keeps it (a cookie) for the pages that follow.
 */
export function institutionAreaPath(institutionId: string): string {
  return `/app/instituicao?equipe=${institutionId}`;
}

/** How long an invitation link works. */
export const INVITATION_DAYS = 7;
/** Invitations waiting for an answer at once, per institution. */
export const MAX_PENDING_INVITATIONS = 20;

/**
 * The person acting for an institution in this request: who they are, for which institution,
 * with which role. The institution area's guard resolves it from the session and the chosen
 * institution on every request, so a removal takes effect at once.
 */
export interface ActingMember {
  institutionId: string;
  institutionName: string;
  institutionStatus: string;
  userId: string;
  /** The person's name as the team and the audit show it. */
  personName: string;
  role: MemberRole;
  /** A coordinator who runs only the events assigned to them (or that they created). */
  limited: boolean;
}

export const TEAM_MESSAGES = {
  notMember: "Você não faz mais parte da equipe desta instituição. Nada foi alterado.",
  noInstitution: "Esta conta não faz mais parte da equipe de nenhuma instituição.",
  responsibleOnly: "Apenas responsáveis pela instituição podem fazer isso.",
  eventNotAssigned: "Este evento não está entre os que você coordena.",
  wholeInstitutionOnly:
    "Você coordena apenas alguns eventos: isto fica com quem cuida de toda a instituição.",
  lastResponsible:
    "A instituição precisa de pelo menos um(a) responsável. Passe o papel a outra pessoa da equipe antes.",
  alreadyMember: "Essa pessoa já faz parte da equipe.",
  tooManyInvitations:
    "Há convites demais esperando resposta. Cancele alguns antes de enviar novos.",
  invitationUnknown: "Este convite não existe ou foi substituído por um mais novo.",
  invitationCancelled: "Este convite foi cancelado pela instituição.",
  invitationUsed: "Este convite já foi usado.",
  invitationExpired: "Este convite expirou. Peça um novo a quem convidou você.",
  invitationAdmin: "Contas de administração não podem fazer parte de equipes de instituições.",
  memberGone: "Essa pessoa não faz mais parte da equipe.",
} as const;
