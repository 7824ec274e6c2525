import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { parseAdminQuery } from "~/admin/admin-url";
import { loadAdminPage } from "~/routes/admin.dashboard.server";
import { databaseForFile } from "../helpers/database";

/**
 * docs/spec.md 8 "Admin": when a section cannot be read, the admin sees the spec's text for what they
 * were doing: opening a section, refreshing the dashboard, or searching a list. The failure is a
 * real one: the tables the sections read are renamed away for the duration of the test.
 */
const database = databaseForFile();

async function errorFor(query: string): Promise<string | null> {
  const page = await loadAdminPage(parseAdminQuery(new URLSearchParams(query)), null);
  return page.error;
}

describe("admin page when the database fails", () => {
  it("names the failed refresh, the failed search and the failed section", async () => {
    // Healthy first: the same queries load without an error.
    expect(await errorFor("secao=dashboard&atualizar=1")).toBeNull();
    expect(await errorFor("secao=voluntarios&busca=ana")).toBeNull();

    await database.db.execute(sql`alter table users rename to users_away`);
    try {
      expect(await errorFor("secao=dashboard")).toBe(
        "Não foi possível obter as informações do dashboard.",
      );
      expect(await errorFor("secao=dashboard&atualizar=1")).toBe(
        "Ocorreu um erro ao atualizar os dados.",
      );
      expect(await errorFor("secao=voluntarios")).toBe(
        "Não foi possível obter as informações dos voluntários.",
      );
      expect(await errorFor("secao=voluntarios&busca=ana")).toBe(
        "Erro ao buscar voluntários. Tente novamente.",
      );
      expect(await errorFor("secao=instituicoes&aba=todos&busca=casa")).toBe(
        "Erro ao buscar instituições. Tente novamente.",
      );
      expect(await errorFor("secao=instituicoes")).toBe(
        "Não foi possível obter as informações das instituições.",
      );
    } finally {
      await database.db.execute(sql`alter table users_away rename to users`);
    }
  });
});
