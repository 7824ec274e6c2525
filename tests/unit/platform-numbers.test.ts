import { createElement as h } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { PlatformNumbers } from "~/components/public/landing/platform-numbers";
import type { PlatformCounts } from "~/platform/platform-counts.server";

/** The landing page's counts band (ADR 0046): real numbers, zero ones left out, never a guess. */
const band = (counts: PlatformCounts | null) =>
  renderToStaticMarkup(h(PlatformNumbers, { counts })).replace(/<[^>]+>/g, "|");

describe("PlatformNumbers", () => {
  it("writes each count with pt-BR's thousands separator and its singular or plural", () => {
    const text = band({ volunteers: 1234567, institutions: 1, pastEvents: 2, filledPlaces: 1 });
    expect(text).toContain("1.234.567| |voluntários");
    expect(text).toContain("1| |instituição");
    expect(text).toContain("2| |eventos realizados");
    expect(text).toContain("1| |vaga preenchida");
  });

  it("leaves out a count of zero, and the whole band when nothing is left or nothing was read", () => {
    const text = band({ volunteers: 3, institutions: 0, pastEvents: 0, filledPlaces: 0 });
    expect(text).toContain("3| |voluntários");
    expect(text).not.toMatch(/instituiç|eventos|vagas/);
    expect(band({ volunteers: 0, institutions: 0, pastEvents: 0, filledPlaces: 0 })).toBe("");
    expect(band(null)).toBe("");
  });
});
