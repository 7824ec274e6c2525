import { formatIsoDate, todayInBrazil } from "~/events/event-dates";

/** "27/11/2026": the Brasília day a termo was issued on. */
export function issuedOn(createdAt: Date): string {
  return formatIsoDate(todayInBrazil(createdAt));
}

export const agreementPath = (id: string) => `/app/termos/${id}`;
export const agreementPdfPath = (id: string) => `/app/termos/${id}/termo.pdf`;
export const institutionAgreementPdfPath = (id: string) =>
  `/app/instituicao/termos/${id}/termo.pdf`;
