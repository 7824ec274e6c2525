import { describe, expect, it } from "vitest";
import { forYouReason, joinList, type MatchFacts } from "./for-you-reasons";

const none: MatchFacts = { causes: [], skills: [], place: null, city: "Recife" };

describe("forYouReason", () => {
  it("names one shared cause as the issue's example reads", () => {
    expect(forYouReason({ ...none, causes: ["educação"] }, "event")).toBe(
      "Porque você se interessa por educação.",
    );
  });

  it("joins causes, skills and the city in pt-BR", () => {
    expect(
      forYouReason(
        { ...none, causes: ["educação", "saúde"], skills: ["ensino"], place: "city" },
        "event",
      ),
    ).toBe(
      "Porque você se interessa por educação e saúde, busca a sua habilidade em ensino e é em Recife, a sua cidade.",
    );
  });

  it("speaks of an institution's place with its own verb", () => {
    expect(forYouReason({ ...none, place: "state" }, "institution")).toBe(
      "Porque fica no seu estado.",
    );
    expect(forYouReason({ ...none, skills: ["cozinha", "tecnologia"] }, "event")).toBe(
      "Porque busca as suas habilidades em cozinha e tecnologia.",
    );
    expect(forYouReason({ ...none, place: "online" }, "event")).toBe(
      "Porque é online, de onde você estiver.",
    );
  });

  it("says nothing when nothing matched", () => {
    expect(forYouReason(none, "event")).toBe("");
  });
});

describe("joinList", () => {
  it("lists with commas and a final e", () => {
    expect(joinList([])).toBe("");
    expect(joinList(["a"])).toBe("a");
    expect(joinList(["a", "b", "c"])).toBe("a, b e c");
  });
});
