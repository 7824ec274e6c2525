/**
 * Who may have an account, by age (ADR 0050): 18 or more on their own; 16 and 17 with a parent
 * or guardian named, who consents to the account and to each termo de adesão; under 16 not at
 * all. Ages are counted on Brasília's calendar. Shared by the browser and the server, and free
 * of Zod: the sign-up's and the profile's fields show these limits before the form's schemas
 * load (ADR 0010); the rules' schemas are in age-rules.ts.
 */
export const MINIMUM_AGE = 16;
export const ADULT_AGE = 18;

/** Brasília's offset from UTC: UTC−3 all year since summer time ended (Decreto 9.772/2019). */
const BRASILIA_OFFSET_MS = -3 * 60 * 60 * 1000;

/**
 * Today in Brasília, 'AAAA-MM-DD', for age checks in the browser and on the server alike. Written
 * without Intl on purpose: the first pt-BR/zone formatter costs a phone its locale data (the
 * build-chunks test keeps Intl out of member pages), and should Brazil bring summer time back, an
 * age would be counted an hour early once a year.
 */
export function todayInBrasilia(now: Date = new Date()): string {
  return new Date(now.getTime() + BRASILIA_OFFSET_MS).toISOString().slice(0, 10);
}

/** Whole years between a birth date and a day, both 'AAAA-MM-DD'. */
export function ageOn(birthIso: string, dayIso: string): number {
  const [by, bm, bd] = birthIso.split("-").map(Number) as [number, number, number];
  const [y, m, d] = dayIso.split("-").map(Number) as [number, number, number];
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

/** Under 18 on that day: a guardian takes part. */
export function isMinor(birthIso: string | null, dayIso: string): boolean {
  return birthIso !== null && ageOn(birthIso, dayIso) < ADULT_AGE;
}
