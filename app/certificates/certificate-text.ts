import { formatIsoDate, formatIsoDateLong } from "~/events/event-dates";
import { formatCnpj } from "~/forms/masks";
import { asOneLine } from "~/lib/plain-text";

/**
 * The words a certificate is made of, the same on the PDF, the public page and the lists
 * (pure: the pages import it too).
 */

/** 240 → "4 horas"; 90 → "1 hora e 30 minutos"; 45 → "45 minutos". */
export function durationText(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const hourPart = hours === 1 ? "1 hora" : `${hours} horas`;
  const minutePart = rest === 1 ? "1 minuto" : `${rest} minutos`;
  if (hours === 0) return minutePart;
  return rest === 0 ? hourPart : `${hourPart} e ${minutePart}`;
}

/** "2026-11-27" → "27 de novembro de 2026" (the long format without its weekday). */
export function longDate(isoDate: string): string {
  return formatIsoDateLong(isoDate).replace(/^[^,]+, /, "");
}

/** "2026-09-01" → "setembro de 2026": a month of ongoing hours. */
export function monthText(isoDate: string): string {
  return longDate(isoDate).replace(/^\d+ de /, "");
}

/** "de 01/03/2026 a 31/05/2026", or "em 14/06/2026" for a single day. */
export function periodText(from: string, to: string): string {
  return from === to
    ? `em ${formatIsoDate(from)}`
    : `de ${formatIsoDate(from)} a ${formatIsoDate(to)}`;
}

export function cnpjText(cnpj: string): string {
  return formatCnpj(cnpj);
}

export interface CertificateWords {
  volunteerName: string | null;
  institutionName: string;
  institutionCnpj: string;
  activity: string;
  periodFrom: string;
  periodTo: string;
  totalMinutes: number;
  hours: ReadonlyArray<unknown>;
}

/** Several hour rows of different activities are listed under the text instead of named in it. */
export function listsActivities(certificate: CertificateWords): boolean {
  return certificate.hours.length > 1;
}

/**
 * The certificate's one sentence (ADR 0052), with the law that defines volunteer service. The
 * institution is named after the noun "instituição" ("na instituição Instituto Mãos que Ajudam"),
 * which takes the same article whatever its name is (ADR 0067); names are inline text.
 */
export function certificateSentence(certificate: CertificateWords): string {
  const who = certificate.volunteerName
    ? asOneLine(certificate.volunteerName)
    : "o(a) titular deste certificado";
  const what =
    certificate.activity === MANY_ACTIVITIES
      ? "das atividades relacionadas abaixo"
      : `de “${asOneLine(certificate.activity)}”`;
  const period = periodText(certificate.periodFrom, certificate.periodTo);
  return (
    `Certificamos que ${who} participou como voluntário(a) ${what} na instituição ${asOneLine(certificate.institutionName)}, ` +
    `inscrita no CNPJ ${cnpjText(certificate.institutionCnpj)}, ` +
    `${period.startsWith("em") ? period : `no período ${period}`}, ` +
    // No-break spaces keep each number with its unit ("4 horas") on one line.
    `com carga horária total de ${durationText(certificate.totalMinutes).replace(/(\d) /g, "$1\u00a0")}, ` +
    // A no-break space keeps "nº" and the number on one line.
    "nos termos da Lei nº\u00a09.608/1998."
  );
}

/** The activity stored when a certificate covers more than one (each is listed). */
export const MANY_ACTIVITIES = "Atividades voluntárias diversas";
