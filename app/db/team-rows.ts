/**
 * The founding row of a new institution's team (issue 41, ADR 0077): its own account (the one
 * that signed up with the CNPJ, whose user id is the institution's id) is its first responsável.
 * Every place that creates an institution (sign-up, demo and bench seeds, test fixtures) writes
 * it in the same transaction; migration 0028 wrote it for the institutions that existed.
 */
export function ownAccountMembership(institutionId: string, joinedAt?: Date) {
  return {
    institutionId,
    userId: institutionId,
    role: "RESPONSAVEL" as const,
    limited: false,
    invitedBy: null,
    ...(joinedAt ? { joinedAt } : {}),
  };
}
