import { describe, expect, it } from "vitest";
import { AppError } from "~/lib/app-error";
import { answerFor, refusalOf } from "./app-error.server";

describe("AppError to an answer", () => {
  it("gives each code its status", () => {
    expect(answerFor("invalid").status).toBe(400);
    expect(answerFor("forbidden").status).toBe(403);
    expect(answerFor("not-found").status).toBe(404);
    expect(answerFor("conflict").status).toBe(409);
    expect(answerFor("too-large").status).toBe(413);
    expect(answerFor("rate-limited").status).toBe(429);
    expect(answerFor("unavailable").status).toBe(503);
  });

  it("keeps the message and field, and says how long to wait", () => {
    const refused = refusalOf(
      new AppError("rate-limited", "Muitas tentativas.", {
        field: "photo",
        retryAfterSeconds: 2.5,
      }),
    );
    expect(refused).toEqual({
      error: { field: "photo", message: "Muitas tentativas." },
      status: 429,
      headers: { "Retry-After": "3" },
    });
    expect(refusalOf(new AppError("conflict", "Já existe."))?.error.field).toBe("form");
  });

  it("leaves anything else to the route (a bug, not a refusal)", () => {
    expect(refusalOf(new Error("boom"))).toBeNull();
    expect(refusalOf(new Response(null, { status: 302 }))).toBeNull();
  });
});
