import { describe, expect, it } from "vitest";
import { preparedQuery } from "~/db/prepared.server";

describe("preparedQuery (ADR 0054)", () => {
  it("builds nothing until the query is first asked for", () => {
    let built = 0;
    preparedQuery("unit_lazy", (name) => {
      built++;
      return name;
    });
    expect(built).toBe(0);
  });

  it("refuses a name given twice: PostgreSQL keeps one statement per name on a connection", () => {
    preparedQuery("unit_twice", (name) => name);
    expect(() => preparedQuery("unit_twice", (name) => name)).toThrow(/defined twice/);
  });
});
