import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { AuditAction } from "~/admin/audit-actions";
import { PROJECT_ROOT } from "./server";

/**
 * Issue 39, item 5: every form an institution posts, by route and intent, with the audit entry it writes. Hours,
 * certificates and the profile are driven in their own files (hours, certificates,
 * institution-self-service); the guard matrix (tests/e2e/security-guards) posts each of these
 * forms over HTTP as the institution and checks the same entries appear.
 */
export const INSTITUTION_FORM_AUDITS: Record<string, Record<string, AuditAction[]>> = {
  "app/instituicao": {
    accept: ["application.accept"],
    decline: ["application.decline"],
    "cancel-event": ["event.cancel"],
  },
  "app/atualizar-instituicao": { "": ["institution.update", "institution.resubmit"] },
  "app/novo-evento": { "": ["event.create"] },
  "app/eventos/:id/editar": { "": ["event.update", "event.resubmit"] },
  "app/eventos/:id/participantes": { remove: ["participant.remove"] },
  "app/eventos/:id/mensagem": { "": ["participants.message"] },
  "app/eventos/:id/horas": { "": ["hours.event-confirm"] },
  "app/instituicao/horas": {
    approve: ["hours.approve"],
    decline: ["hours.decline"],
    "decline-many": ["hours.decline"],
    month: ["hours.month-confirm"],
  },
  "app/instituicao/certificados": { "": ["certificate.issue"] },
  "app/instituicao/equipe": {
    invite: ["team.invite"],
    "cancel-invite": ["team.invite-cancel"],
    role: ["team.role-change"],
    remove: ["team.remove"],
    assign: ["event.assign"],
    unassign: ["event.unassign"],
  },
  "app/instituicao/certificados/:id/revogar": { "": ["certificate.revoke"] },
};

/** The intents a route's action tells apart (`intent === "x"`, `intent: "x"`), or [""] for one form. */
export function intentsOfRoute(routeId: string): string[] {
  const file = ["tsx", "ts"]
    .map((ext) => path.join(PROJECT_ROOT, "app", `${routeId}.${ext}`))
    .find((candidate) => existsSync(candidate));
  const source = file ? readFileSync(file, "utf8") : "";
  const found = new Set(
    [...source.matchAll(/\bintent\b[^"\n]{0,12}"([a-z][a-z-]*)"/g)].map((match) => match[1] ?? ""),
  );
  return found.size > 0 ? [...found].sort() : [""];
}
