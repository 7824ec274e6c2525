import { and, asc, eq, inArray } from "drizzle-orm";
import { db } from "~/db/client.server";
import { institutions, users, volunteerHours } from "~/db/schema";
import { formatIsoDate } from "~/events/event-dates";
import type { ConfirmedHours } from "~/hours/confirmed-hours.server";
import { type CertifiableHours, certifiableHoursOf } from "./certifiable-hours.server";
import { durationText, monthText } from "./certificate-text";

/**
 * What a certificate can be issued for, as the issue forms offer it: per institution, all its
 * confirmed hours (a period), each event, each ongoing application. Only confirmed hours.
 */
export interface CertificateOption {
  /** "SCOPE:id", the form's `target`. */
  value: string;
  label: string;
}

export interface OptionGroup {
  institutionId: string;
  institutionName: string;
  totalMinutes: number;
  options: CertificateOption[];
}

/** Confirmed hours a certificate cannot cover yet, and why (the volunteer's page says so). */
export interface WaitingHours {
  id: string;
  /** "Mutirão, 14/11/2026 (4 horas)" */
  label: string;
  reason: string;
}

/**
 * The volunteer's own choices, one group per institution with hours a certificate may cover,
 * and the confirmed hours that wait (their termo, a revoked certificate) with the reason.
 */
export async function certificateOptionsOf(
  volunteerId: string,
): Promise<{ groups: OptionGroup[]; waiting: WaitingHours[] }> {
  const all = await certifiableHoursOf({ volunteerId }, "VOLUNTEER");
  const waiting = all.flatMap((row) =>
    row.blocked ? [{ id: row.id, label: rowLabel(row), reason: row.blocked }] : [],
  );
  return { groups: await groupsOf(all.filter((row) => row.blocked === null)), waiting };
}

/** "Mutirão, 14/11/2026 (4 horas)" or "Voluntariado contínuo: …, novembro de 2026 (20 horas)". */
function rowLabel(row: CertifiableHours): string {
  const when = row.kind === "EVENT" ? formatIsoDate(row.workedOn) : monthText(row.workedOn);
  return `${row.activity}, ${when} (${durationText(row.minutes)})`;
}

async function groupsOf(rows: ConfirmedHours[]): Promise<OptionGroup[]> {
  const byInstitution = new Map<string, ConfirmedHours[]>();
  for (const row of rows) {
    byInstitution.set(row.institutionId, [...(byInstitution.get(row.institutionId) ?? []), row]);
  }
  if (byInstitution.size === 0) return [];
  const names = await db()
    .select({ id: institutions.userId, name: institutions.name })
    .from(institutions)
    .where(inArray(institutions.userId, [...byInstitution.keys()]));
  const nameOf = new Map(names.map((row) => [row.id, row.name]));
  return [...byInstitution].map(([institutionId, hours]) => ({
    institutionId,
    institutionName: nameOf.get(institutionId) ?? "",
    totalMinutes: sum(hours),
    options: optionsFor(institutionId, hours),
  }));
}

/** "Todas as horas", then each event and each ongoing activity, with their confirmed hours. */
function optionsFor(institutionId: string, hours: ConfirmedHours[]): CertificateOption[] {
  const options: CertificateOption[] = [
    {
      value: `PERIOD:${institutionId}`,
      label: `Todas as horas confirmadas (${durationText(sum(hours))})`,
    },
  ];
  for (const row of hours.filter((hour) => hour.kind === "EVENT")) {
    options.push({
      value: `EVENT:${row.eventId}`,
      label: `${row.activity}, ${formatIsoDate(row.workedOn)} (${durationText(row.minutes)})`,
    });
  }
  const ongoing = new Map<string, ConfirmedHours[]>();
  for (const row of hours.filter((hour) => hour.kind === "ONGOING" && hour.requestId)) {
    const id = row.requestId as string;
    ongoing.set(id, [...(ongoing.get(id) ?? []), row]);
  }
  for (const [requestId, months] of ongoing) {
    options.push({
      value: `ONGOING:${requestId}`,
      label: `Atividade contínua desde ${monthText(months[0]?.workedOn ?? "")} (${durationText(sum(months))})`,
    });
  }
  return options;
}

export interface VolunteerChoice {
  volunteerId: string;
  name: string;
  options: CertificateOption[];
}

/** For an institution: each person with hours it confirmed, and what it may certify for them. */
export async function institutionCertificateOptions(
  institutionId: string,
): Promise<VolunteerChoice[]> {
  const people = await db()
    .selectDistinct({ id: users.id, name: users.name })
    .from(volunteerHours)
    .innerJoin(users, eq(users.id, volunteerHours.volunteerId))
    .where(
      and(eq(volunteerHours.institutionId, institutionId), eq(volunteerHours.status, "CONFIRMED")),
    )
    .orderBy(asc(users.name));
  const choices: VolunteerChoice[] = [];
  for (const person of people) {
    const hours = (
      await certifiableHoursOf({ volunteerId: person.id, institutionId }, "INSTITUTION")
    ).filter((row) => row.blocked === null);
    if (hours.length === 0) continue;
    choices.push({
      volunteerId: person.id,
      name: person.name,
      options: optionsFor(institutionId, hours).map((option) => ({
        value: `${person.id}:${option.value}`,
        label: option.label,
      })),
    });
  }
  return choices;
}

function sum(hours: ConfirmedHours[]): number {
  return hours.reduce((total, row) => total + row.minutes, 0);
}
