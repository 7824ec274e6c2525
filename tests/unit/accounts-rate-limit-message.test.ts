import { describe, expect, it } from "vitest";
import { rateLimitedMessage } from "~/security/rate-limit.server";
import { retryAfterHeaders } from "~/web/retry-after";

/** Issue 11: a 429 says how long to wait, rounded up to what a person reads at a glance. */
describe("rateLimitedMessage", () => {
  it.each([
    [1, "Aguarde 1 minuto"],
    [59, "Aguarde 1 minuto"],
    [60, "Aguarde 1 minuto"],
    [61, "Aguarde 2 minutos"],
    [11 * 60 + 5, "Aguarde 12 minutos"],
    [15 * 60, "Aguarde 15 minutos"],
    [60 * 60, "Aguarde 60 minutos"],
    [119 * 60, "Aguarde 119 minutos"],
    [120 * 60, "Aguarde 2 horas"],
    [150 * 60, "Aguarde 3 horas"],
  ])("%i s: “%s”", (seconds, wait) => {
    expect(rateLimitedMessage(seconds)).toBe(`Muitas tentativas. ${wait} e tente novamente.`);
  });

  it("Retry-After is whole seconds, at least one", () => {
    expect(retryAfterHeaders(899.2)).toEqual({ "Retry-After": "900" });
    expect(retryAfterHeaders(0)).toEqual({ "Retry-After": "1" });
  });
});
