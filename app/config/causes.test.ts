import { describe, expect, it } from "vitest";
import {
  areValidCauses,
  CAUSE_SLUGS,
  CAUSES,
  causeLabel,
  causesEmptyText,
  MAX_CAUSES,
  parseCauses,
  parseSkills,
  SKILLS,
  skillLabel,
} from "./causes";

describe("the causes and skills lists", () => {
  it("has unique URL-safe slugs and a label for each", () => {
    for (const list of [CAUSES, SKILLS]) {
      const slugs = list.map((entry) => entry.slug);
      expect(new Set(slugs).size).toBe(slugs.length);
      for (const { slug, label } of list) {
        expect(slug).toMatch(/^[a-z]+(-[a-z]+)*$/);
        expect(label.length).toBeGreaterThan(2);
      }
    }
    expect(CAUSES.length).toBeGreaterThanOrEqual(12);
    expect(SKILLS.length).toBeGreaterThanOrEqual(12);
  });

  it("names causes and skills in Portuguese, and an unknown slug as itself", () => {
    expect(causeLabel("combate-a-fome")).toBe("Combate à fome");
    expect(causeLabel("pessoas-com-deficiencia")).toBe("Pessoas com deficiência");
    expect(skillLabel("comunicacao")).toBe("Comunicação");
    expect(causeLabel("nada")).toBe("nada");
  });
});

describe("parseCauses (URL params, posted fields, stored arrays)", () => {
  it("keeps known slugs in the list's order, each once", () => {
    expect(parseCauses(["saude", "educacao", "saude"])).toEqual(["educacao", "saude"]);
  });

  it("ignores unknown slugs, other types and blanks; reads case and spaces leniently", () => {
    expect(parseCauses(["fake", "", 3, null, " Cultura ", "EDUCACAO"])).toEqual([
      "educacao",
      "cultura",
    ]);
    expect(parseCauses([])).toEqual([]);
  });

  it("keeps at most three, the first in the list's order", () => {
    const all = [...CAUSE_SLUGS].reverse();
    expect(parseCauses(all)).toEqual(CAUSE_SLUGS.slice(0, MAX_CAUSES));
    expect(parseCauses(all, 13)).toHaveLength(13);
  });

  it("reads skills the same way", () => {
    expect(parseSkills(["tecnologia", "x", "cozinha", "tecnologia"])).toEqual([
      "tecnologia",
      "cozinha",
    ]);
  });

  it("tells a form's valid choice from a forged or too long one", () => {
    expect(areValidCauses(["educacao", "saude"])).toBe(true);
    expect(areValidCauses(["educacao", "educacao"])).toBe(false);
    expect(areValidCauses(["educacao", "nada"])).toBe(false);
    expect(areValidCauses(["educacao", "saude", "cultura", "esporte"])).toBe(false);
  });

  it("words the empty state after the causes chosen", () => {
    expect(causesEmptyText(["educacao"])).toContain("a causa Educação");
    expect(causesEmptyText(["educacao", "saude", "cultura"])).toContain(
      "as causas Educação, Saúde ou Cultura",
    );
  });
});
