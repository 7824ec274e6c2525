import { describe, expect, it } from "vitest";
import { z } from "zod";
import { CAUSE_MESSAGES, causesField, skillsField } from "./cause-fields";
import { echoedChoices, listText, listValue } from "./choice-list";
import { validateForm } from "./form-validation";

const schema = z.object({ causes: causesField(), skills: skillsField() });

function post(entries: [string, string][]) {
  const formData = new FormData();
  for (const [key, value] of entries) formData.append(key, value);
  return validateForm(schema, formData);
}

describe("causes and skills checkboxes in a form", () => {
  it("reads none, one or several checked boxes, in the list's order", () => {
    expect(post([])).toEqual({ ok: true, data: { causes: [], skills: [] } });
    expect(post([["causes", "saude"]])).toEqual({
      ok: true,
      data: { causes: ["saude"], skills: [] },
    });
    expect(
      post([
        ["causes", "saude"],
        ["causes", "educacao"],
        ["skills", "cozinha"],
      ]),
    ).toEqual({ ok: true, data: { causes: ["educacao", "saude"], skills: ["cozinha"] } });
  });

  it("refuses a fourth cause with a Portuguese message, and a forged slug", () => {
    const four = post(["educacao", "saude", "cultura", "esporte"].map((c) => ["causes", c]));
    expect(four).toMatchObject({ ok: false, error: { field: "causes" } });
    if (!four.ok) expect(four.error.message).toBe(CAUSE_MESSAGES.tooManyCauses);
    const forged = post([["causes", "<script>"]]);
    expect(forged).toMatchObject({
      ok: false,
      error: { field: "causes", message: "Verifique os dados informados." },
    });
  });

  it("round-trips a saved list through the form's text value", () => {
    expect(listValue(listText(["educacao", "saude"]))).toEqual(["educacao", "saude"]);
    expect(listValue("")).toEqual([]);
    expect(listValue(undefined)).toEqual([]);
  });

  it("echoes an unchecked list as none after a refused post, and nothing without a post", () => {
    expect(echoedChoices({ name: "Ana" })).toEqual({ causes: "", skills: "", name: "Ana" });
    expect(echoedChoices({ causes: "saude" })).toEqual({ causes: "saude", skills: "" });
    expect(echoedChoices(undefined)).toEqual({});
  });
});
