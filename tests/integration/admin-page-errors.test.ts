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

describe("a record that is gone", () => {
  it("sends the admin back to the list as it was left, with the spec's text", async () => {
    const gone = "0b9f3c1e-6f1a-4c7e-9a52-3d2f1e0c4b6a";
    const thrown = await loadAdminPage(
      parseAdminQuery(
        new URLSearchParams(
          `secao=evento&id=${gone}&situacao=reprovados&periodo=passados&busca=feira&pagina=2`,
        ),
      ),
      null,
    ).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get("Location")).toBe(
      "/admin/dashboard?secao=eventos&situacao=reprovados&periodo=passados&busca=feira&pagina=2&erro=evento",
    );
    const institution = await loadAdminPage(
      parseAdminQuery(new URLSearchParams(`secao=instituicao&id=${gone}&aba=reprovadas`)),
      null,
    ).catch((error: unknown) => error);
    expect((institution as Response).headers.get("Location")).toBe(
      "/admin/dashboard?secao=instituicoes&aba=reprovadas&erro=instituicao",
    );
  });
});

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
