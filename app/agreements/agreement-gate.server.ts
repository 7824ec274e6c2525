import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Database, Transaction } from "~/db/client.server";
import { agreements, participations, volunteerHours } from "~/db/schema";
import { AppError } from "~/lib/app-error";
import type { AgreementStatus } from "./agreement-status";

/**
 * The termo gate (issue 39, ADR 0070): hours are logged, confirmed and certified only for a
 * relationship (an accepted application or a confirmed place) whose termo de adesão was accepted
 * and, for a minor, consented to by the guardian. MISSING: no termo was issued yet (a join whose
 * termo the catch-up has not issued, or rows from before termos existed).
 */
export type TermoState = AgreementStatus | "MISSING";

/** The state of one termo row, in SQL, for the columns of `agreements` as `alias`. */
function stateOf(alias: string): SQL<string> {
  const a = sql.raw(alias);
  return sql<string>`case when ${a}.accepted_at is null then 'PENDING' when ${a}.guardian_required and ${a}.guardian_consented_at is null then 'AWAITING_GUARDIAN' else 'ACCEPTED' end`;
}

/**
 * The termo state of each `volunteer_hours` row a query reads: by its application for a month
 * of an ongoing activity, by the person's place for an event. Each side is one lookup on a
 * unique index, so reading a person's few hundred rows stays cheap.
 */
export const termoStateOfHours: SQL<TermoState> = sql<TermoState>`coalesce(
  (select ${stateOf("ga")} from agreements ga where ga.request_id = ${volunteerHours.requestId}),
  (select ${stateOf("gp")} from agreements gp join participations pp on pp.id = gp.participation_id
     where pp.event_id = ${volunteerHours.eventId} and pp.user_id = ${volunteerHours.volunteerId}),
  'MISSING')`;

/** The termo of an accepted application. */
export async function applicationTermoState(
  database: Database | Transaction,
  requestId: string,
): Promise<TermoState> {
  const [row] = await database
    .select({ state: stateOf("agreements") })
    .from(agreements)
    .where(eq(agreements.requestId, requestId));
  return (row?.state as TermoState | undefined) ?? "MISSING";
}

/** The termos of people's places in one event, by person (MISSING for none). */
export async function eventTermoStates(
  database: Database | Transaction,
  eventId: string,
  userIds: string[],
): Promise<Map<string, TermoState>> {
  if (userIds.length === 0) return new Map();
  const rows = await database
    .select({ userId: participations.userId, state: stateOf("agreements") })
    .from(participations)
    .innerJoin(agreements, eq(agreements.participationId, participations.id))
    .where(and(eq(participations.eventId, eventId), inArray(participations.userId, userIds)));
  const states = new Map<string, TermoState>(userIds.map((id) => [id, "MISSING"]));
  for (const row of rows) states.set(row.userId, row.state as TermoState);
  return states;
}

/** Who is told: the volunteer reads about their own termo, the institution about a person's. */
export type TermoAudience = "volunteer" | "institution";

const MESSAGES: Record<Exclude<TermoState, "ACCEPTED">, Record<TermoAudience, string>> = {
  MISSING: {
    volunteer:
      "O termo de adesão desta atividade ainda não foi emitido. As horas contam depois que ele for emitido e aceito.",
    institution:
      "O termo de adesão desta pessoa ainda não foi emitido. As horas podem ser confirmadas depois que ele for emitido e aceito.",
  },
  PENDING: {
    volunteer:
      "Aceite o termo de adesão desta atividade (em “Meus termos”) para registrar e certificar horas.",
    institution:
      "O voluntário ainda não aceitou o termo de adesão. As horas podem ser confirmadas depois do aceite.",
  },
  AWAITING_GUARDIAN: {
    volunteer:
      "O termo de adesão aguarda o consentimento do seu responsável. As horas contam depois que ele consentir.",
    institution:
      "O termo de adesão aguarda o consentimento do responsável pelo voluntário menor de idade. As horas podem ser confirmadas depois do consentimento.",
  },
};

/** What is missing, in pt-BR, or null when the termo lets hours through. */
export function termoMissing(state: TermoState, audience: TermoAudience): string | null {
  return state === "ACCEPTED" ? null : MESSAGES[state][audience];
}

/** Throws a conflict saying what is missing unless the termo lets hours through. */
export function requireAcceptedTermo(
  state: TermoState,
  audience: TermoAudience,
  field?: string,
): void {
  const missing = termoMissing(state, audience);
  if (missing) throw new AppError("conflict", missing, field ? { field } : {});
}
