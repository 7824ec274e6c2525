import { and, asc, eq, isNotNull } from "drizzle-orm";
import { issueApplicationAgreement } from "~/agreements/issue-agreement.server";
import type { Transaction } from "~/db/client.server";
import { agreements, volunteerHours, volunteerRequests } from "~/db/schema";
import { todayInBrazil } from "~/events/event-dates";
import { monthStart } from "~/hours/hours-schema";
import type { DemoPlan } from "./plan-types.server";

/** A month of ongoing work the demo volunteers log: two afternoons a week. */
const DEMO_MONTH_MINUTES = 8 * 180;
const DEMO_MONTH_DESCRIPTIONS = [
  "Reforço escolar às terças e quintas à tarde.",
  "Triagem e entrega de doações nos sábados de manhã.",
];
/** The months before the current one each example volunteer logged, waiting for the institution. */
const PENDING_MONTHS = 2;

/** "2026-11" `back` months before `month`. */
function monthsBefore(month: string, back: number): string {
  const [year, number] = month.split("-").map(Number) as [number, number];
  const date = new Date(Date.UTC(year, number - 1 - back, 1));
  return date.toISOString().slice(0, 7);
}

/**
 * Ongoing volunteering in the demo (issue 16, item 3; ADR 0070): every accepted application has
 * its termo, issued as the decision issues it and accepted by the volunteer the next day (hours
 * wait for it), and the example institution's ongoing volunteers logged the last months, which
 * wait for its decision, so its "Horas dos voluntários" shows confirming and declining.
 */
export async function writeDemoOngoing(tx: Transaction, plan: DemoPlan, now: Date): Promise<void> {
  const accepted = await tx
    .select({
      id: volunteerRequests.id,
      volunteerId: volunteerRequests.volunteerId,
      institutionId: volunteerRequests.institutionId,
      decidedAt: volunteerRequests.decidedAt,
    })
    .from(volunteerRequests)
    .where(and(eq(volunteerRequests.status, "ACCEPTED"), isNotNull(volunteerRequests.decidedAt)))
    .orderBy(asc(volunteerRequests.createdAt), asc(volunteerRequests.id));
  for (const request of accepted) {
    const decidedAt = request.decidedAt ?? now;
    const agreementId = await issueApplicationAgreement(tx, request.id, decidedAt);
    if (!agreementId) continue;
    await tx
      .update(agreements)
      .set({
        acceptedAt: new Date(Math.min(now.getTime(), decidedAt.getTime() + 86_400_000)),
        acceptedIp: "127.0.0.1",
        acceptedUserAgent: "Dados de demonstração",
      })
      .where(eq(agreements.id, agreementId));
  }

  const example = plan.institutions.find((institution) => institution.status === "APPROVED");
  const current = todayInBrazil(now).slice(0, 7);
  const ongoing = accepted.filter((request) => request.institutionId === example?.userId);
  for (const [index, request] of ongoing.entries()) {
    const start = todayInBrazil(request.decidedAt ?? now).slice(0, 7);
    const logged = Array.from({ length: PENDING_MONTHS }, (_, back) =>
      monthsBefore(current, back + 1),
    );
    const months = logged.filter((month) => month >= start);
    await tx.insert(volunteerHours).values(
      (months.length > 0 ? months : [current]).map((month) => ({
        volunteerId: request.volunteerId,
        institutionId: request.institutionId,
        kind: "ONGOING",
        requestId: request.id,
        workedOn: monthStart(month),
        minutes: DEMO_MONTH_MINUTES,
        description: DEMO_MONTH_DESCRIPTIONS[index % DEMO_MONTH_DESCRIPTIONS.length] ?? null,
        status: "PENDING",
        loggedBy: "VOLUNTEER",
        createdAt: now,
      })),
    );
  }
}
