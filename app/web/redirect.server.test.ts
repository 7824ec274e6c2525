import { describe, expect, it } from "vitest";
import { redirect, safeLocation } from "./redirect.server";

describe("redirect", () => {
  it("percent-encodes what a header cannot carry and keeps the escapes already there", () => {
    expect(safeLocation("/eventos/fcad95य2-1aed")).toBe("/eventos/fcad95%E0%A4%AF2-1aed");
    expect(safeLocation("/busca?q=ação social")).toBe("/busca?q=a%C3%A7%C3%A3o%20social");
    expect(safeLocation("/auth/login?redirectTo=%2Feventos%2F1")).toBe(
      "/auth/login?redirectTo=%2Feventos%2F1",
    );
    expect(safeLocation("/a\r\nSet-Cookie: x=1")).toBe("/a%0D%0ASet-Cookie:%20x=1");
    // A lone surrogate cannot be UTF-8: it goes out as the replacement character's bytes.
    expect(safeLocation("/x\ud800")).toBe("/x%EF%BF%BD");
  });

  it("builds the redirect where React Router's own threw on such a location", () => {
    const response = redirect("/eventos/😀");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/eventos/%F0%9F%98%80");
  });
});
