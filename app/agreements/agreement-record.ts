import { BRAZIL_TIME_ZONE } from "~/config/constants";
import { asOneLine } from "~/lib/plain-text";

const BRASILIA = new Intl.DateTimeFormat("pt-BR", {
  dateStyle: "short",
  timeStyle: "medium",
  timeZone: BRAZIL_TIME_ZONE,
});

/** "27/11/2026 às 10:15:03 (horário de Brasília)". */
export function brasiliaTime(at: Date): string {
  const part = Object.fromEntries(BRASILIA.formatToParts(at).map((p) => [p.type, p.value]));
  return `${part.day}/${part.month}/${part.year} às ${part.hour}:${part.minute}:${part.second} (horário de Brasília)`;
}

/**
 * The acceptance record as both parties read it (page and PDF): who signs for the institution
 * (as named when the termo was issued), who accepted, when, from which address, and the text's
 * SHA-256; a minor's guardian consent as a record of its own once given (the termo's text only
 * says it is needed). Every value is printed as inline text (`asOneLine`).
 */
export function acceptanceRecord(agreement: {
  createdAt: Date;
  representativeName: string | null;
  representativeRole: string | null;
  volunteerName: string;
  bodySha256: string;
  acceptedAt: Date | null;
  acceptedIp: string | null;
  guardianRequired: boolean;
  guardianName: string | null;
  guardianConsentedAt: Date | null;
  guardianConsentIp: string | null;
}): Array<readonly [string, string]> {
  const rows: Array<readonly [string, string]> = [];
  if (agreement.representativeName && agreement.representativeRole) {
    rows.push([
      "Pela instituição",
      `${agreement.representativeName}, ${agreement.representativeRole}`,
    ]);
    rows.push(["Emitido em", brasiliaTime(agreement.createdAt)]);
  }
  if (agreement.acceptedAt) {
    rows.push(["Aceito por", agreement.volunteerName]);
    rows.push(["Em", brasiliaTime(agreement.acceptedAt)]);
    rows.push(["Endereço IP", agreement.acceptedIp ?? "não registrado"]);
  } else {
    rows.push(["Aceite do(a) voluntário(a)", "pendente"]);
  }
  if (agreement.guardianRequired) {
    if (agreement.guardianConsentedAt) {
      rows.push(["Consentimento do responsável", agreement.guardianName ?? ""]);
      rows.push(["Em", brasiliaTime(agreement.guardianConsentedAt)]);
      rows.push(["Endereço IP", agreement.guardianConsentIp ?? "não registrado"]);
    } else {
      rows.push(["Consentimento do responsável", "pendente"]);
    }
  }
  rows.push(["SHA-256 do texto", agreement.bodySha256]);
  return rows.map(([label, value]) => [label, asOneLine(value)] as const);
}
