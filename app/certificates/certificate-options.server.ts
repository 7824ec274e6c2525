import { and, asc, eq, inArray } from "drizzle-orm";
import { db } from "~/db/client.server";
import { institutions, users, volunteerHours } from "~/db/schema";
import { formatIsoDate } from "~/events/event-dates";
import { type ConfirmedHours, confirmedHoursOf } from "~/hours/confirmed-hours.server";
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

/** The volunteer's own choices, one group per institution with confirmed hours. */
export async function certificateOptionsOf(volunteerId: string): Promise<OptionGroup[]> {
  const rows = (await confirmedHoursOf(db(), { volunteerId })).filter((row) => row.minutes > 0);
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
    const hours = (await confirmedHoursOf(db(), { volunteerId: person.id, institutionId })).filter(
      (row) => row.minutes > 0,
    );
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
