import { describe, expect, it } from "vitest";
import { shownError } from "~/forms/shown-error";

describe("shownError", () => {
  it("keeps a message on a field the page shows and moves any other to the form", () => {
    const message = "Informe as horas.";
    expect(shownError({ field: "hours", message }, ["hours"])).toEqual({ field: "hours", message });
    expect(shownError({ field: "person", message }, ["hours"])).toEqual({ field: "form", message });
    expect(shownError(undefined, ["hours"])).toBeNull();
  });
});
