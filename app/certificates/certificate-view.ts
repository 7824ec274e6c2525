import type { CertificateHourRow } from "~/db/schema";
import { formatIsoDate } from "~/events/event-dates";
import { asOneLine } from "~/lib/plain-text";
import { formatCertificateCode } from "./certificate-code";
import { cnpjText, durationText, monthText, periodText } from "./certificate-text";

/**
 * What a page may show of a certificate: exactly what the paper shows, already in words (no
 * ids, no reason for a revocation, no issuer account). Built on the server from the row; every
 * stored text as inline text (no line breaks, controls or bidi overrides, whatever the row holds).
 */
export interface CertificateFacts {
  code: string;
  /** Null once the holder deleted their account (ADR 0052). */
  volunteerName: string | null;
  institutionName: string;
  cnpj: string;
  /** "Maria Silva, Presidente": who signs for the institution; null when it named nobody. */
  signatory: string | null;
  activity: string;
  period: string;
  hours: string;
  issuedOn: string;
  /** Each activity, when the certificate lists several. */
  rows: string[];
  revokedOn: string | null;
}

export function certificateFacts(row: {
  code: string;
  volunteerName: string | null;
  institutionName: string;
  institutionCnpj: string;
  representativeName: string | null;
  representativeRole: string | null;
  activity: string;
  periodFrom: string;
  periodTo: string;
  totalMinutes: number;
  hours: CertificateHourRow[];
  issuedAt: Date;
  revokedAt: Date | null;
}): CertificateFacts {
  const day = (instant: Date) => formatIsoDate(brazilDay(instant));
  const period = periodText(row.periodFrom, row.periodTo);
  return {
    code: formatCertificateCode(row.code),
    volunteerName: row.volunteerName === null ? null : asOneLine(row.volunteerName),
    institutionName: asOneLine(row.institutionName),
    cnpj: cnpjText(row.institutionCnpj),
    signatory: signatoryText(row),
    activity: asOneLine(row.activity),
    period: period.charAt(0).toUpperCase() + period.slice(1),
    hours: durationText(row.totalMinutes),
    issuedOn: day(row.issuedAt),
    rows:
      row.hours.length > 1
        ? row.hours.map(
            (hour) =>
              `${hour.kind === "ONGOING" ? monthText(hour.workedOn) : formatIsoDate(hour.workedOn)}: ${asOneLine(hour.activity)} (${durationText(hour.minutes)})`,
          )
        : [],
    revokedOn: row.revokedAt ? day(row.revokedAt) : null,
  };
}

/** "Maria Silva, Presidente", or null for a certificate issued without a representative. */
export function signatoryText(row: {
  representativeName: string | null;
  representativeRole: string | null;
}): string | null {
  if (!row.representativeName || !row.representativeRole) return null;
  return `${asOneLine(row.representativeName)}, ${asOneLine(row.representativeRole)}`;
}

/** The calendar day of an instant in Brasília (issue and revocation dates). */
function brazilDay(instant: Date): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(instant);
}
