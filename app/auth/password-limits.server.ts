import { clearRateLimit, RATE_LIMITS } from "~/security/rate-limit.server";

/**
 * Where wrong passwords are counted (ADR 0013). A browser holding a device cookie for this
 * account spends its own budget; any other client spends its network's and the account's. Right
 * passwords are given back, so only failures ever count, and an attacker who spends the
 * account's budget locks out other untrusted clients, never the owner's own devices.
 */
export function signInFailureBudgets(input: {
  email: string;
  network: string;
  deviceNonce: string | null;
}) {
  if (input.deviceNonce) {
    return [
      { key: `sign-in:device:${input.deviceNonce}`, rule: RATE_LIMITS.signInFailuresPerDevice },
    ];
  }
  return [
    { key: `sign-in:network:${input.network}`, rule: RATE_LIMITS.signInFailuresPerNetwork },
    { key: accountLockoutKey(input.email), rule: RATE_LIMITS.signInFailuresPerAccount },
  ];
}

function accountLockoutKey(email: string): string {
  return `sign-in:account:${email.trim().toLowerCase()}`;
}

/**
 * A password reset proves the person owns the e-mail: the lockout other clients' failures put on
 * the account ends with it.
 */
export function clearSignInLockout(email: string): Promise<void> {
  return clearRateLimit(accountLockoutKey(email));
}

/**
 * Guesses of the current password from inside a session (change password, delete the account):
 * one budget per account for both pages, so a session left open on a shared computer does not
 * become an unlimited password oracle. Only wrong passwords count.
 */
export function currentPasswordBudget(userId: string) {
  return { key: `current-password:${userId}`, rule: RATE_LIMITS.currentPasswordFailuresPerAccount };
}
