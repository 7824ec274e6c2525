import { describe, expect, it } from "vitest";
import { preparedQuery, prepareNamed } from "~/db/prepared.server";

/** A stand-in for a Drizzle query: its SQL, and the name it was prepared under. */
function query(text: string) {
  return { toSQL: () => ({ sql: text }), prepare: (name: string) => ({ name, text }) };
}

describe("preparedQuery (ADR 0054)", () => {
  it("builds nothing until the query is first asked for", () => {
    let built = 0;
    preparedQuery("unit_lazy", () => {
      built++;
      return query("select 1");
    });
    expect(built).toBe(0);
  });

  it("names a statement by its SQL too: one name never stands for two texts", () => {
    const first = prepareNamed("lista", query('select "a" from "t" where "id" = $1'));
    const same = prepareNamed("lista", query('select "a" from "t" where "id" = $1'));
    const edited = prepareNamed("lista", query('select "a", "b" from "t" where "id" = $1'));
    expect(first.name).toMatch(/^lista_[0-9a-f]{12}$/);
    expect(same.name).toBe(first.name);
    expect(edited.name).not.toBe(first.name);
    // PostgreSQL keeps the first 63 bytes of a name.
    expect(first.name.length).toBeLessThan(64);
  });
});
