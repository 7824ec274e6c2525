import type { ParticipationStatus } from "./participation.server";

/** A participation's status as the institution reads it, on the page and in the CSV. */
export const PARTICIPATION_STATUS_LABELS: Record<ParticipationStatus, string> = {
  CONFIRMED: "Confirmada",
  WAITLISTED: "Lista de espera",
  CANCELLED: "Cancelada pela pessoa",
  REMOVED: "Removida pela instituição",
};
