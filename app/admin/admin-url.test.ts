import { describe, expect, it } from "vitest";
import {
  type AdminQuery,
  adminHref,
  keepEventListState,
  listHref,
  PARENT,
  parseAdminQuery,
} from "./admin-url";
import { NO_AUDIT_FILTERS } from "./audit-trail";

const parse = (query: string) => parseAdminQuery(new URLSearchParams(query));
const ID = "0b9f3c1e-6f1a-4c7e-9a52-3d2f1e0c4b6a";

describe("admin URL parsing", () => {
  it("falls back to the dashboard's defaults for an empty query", () => {
    expect(parse("")).toEqual({
      section: "dashboard",
      page: 1,
      search: "",
      tab: "pendentes",
      id: null,
      confirm: null,
      result: null,
      refresh: false,
      audit: NO_AUDIT_FILTERS,
      eventStatus: "pendentes",
      eventPeriod: "proximos",
    } satisfies AdminQuery);
  });

  it("reads every known value", () => {
    expect(
      parse(
        `secao=instituicao&pagina=4&busca=%20casa%20&aba=todos&id=${ID.toUpperCase()}` +
          "&confirmar=aprovar&resultado=aprovado&atualizar=1",
      ),
    ).toEqual({
      section: "instituicao",
      page: 4,
      search: "casa",
      tab: "todas",
      id: ID,
      confirm: "aprovar",
      result: "aprovado",
      refresh: true,
      audit: NO_AUDIT_FILTERS,
      eventStatus: "pendentes",
      eventPeriod: "proximos",
    } satisfies AdminQuery);
  });

  it("turns unknown or malformed values into defaults instead of failing the page", () => {
    const query = parse(
      "secao=root&pagina=-3&aba=outra&id=1%20OR%201%3D1&confirmar=apagar-tudo&resultado=x&atualizar=sim",
    );
    expect(query).toMatchObject({
      section: "dashboard",
      page: 1,
      tab: "pendentes",
      id: null,
      confirm: null,
      result: null,
      refresh: false,
    });
    expect(parse("pagina=abc").page).toBe(1);
    expect(parse("pagina=99999999999").page).toBe(100_000);
    expect(parse(`busca=${"b".repeat(80)}`).search).toHaveLength(50);
  });

  it("writes links the parser reads back to the same state", () => {
    const state = {
      section: "instituicoes",
      tab: "todas",
      search: "casa",
      page: 2,
      id: ID,
      confirm: "reprovar",
    } as const;
    const href = adminHref(state);
    expect(href).toBe(
      `/admin/dashboard?secao=instituicoes&aba=todas&busca=casa&pagina=2&id=${ID}&confirmar=reprovar`,
    );
    expect(parse(new URL(href, "http://x").search)).toMatchObject(state);
  });

  it("reads each institutions tab, and the old 'todos' as 'todas'", () => {
    for (const tab of ["pendentes", "aprovadas", "reprovadas", "todas"] as const) {
      expect(parse(`secao=instituicoes&aba=${tab}`).tab).toBe(tab);
    }
    expect(parse("secao=instituicoes&aba=todos").tab).toBe("todas");
    expect(parse("secao=instituicoes&confirmar=reabrir&resultado=reaberto")).toMatchObject({
      confirm: "reabrir",
      result: "reaberto",
    });
  });

  it("leaves defaults out of links: first page, pending tab, tab outside institutions", () => {
    expect(adminHref({ section: "dashboard" })).toBe("/admin/dashboard?secao=dashboard");
    expect(adminHref({ section: "voluntarios", tab: "todas", page: 1 })).toBe(
      "/admin/dashboard?secao=voluntarios",
    );
  });

  it("keeps a details section's record in the list link and drops it from list sections", () => {
    const details = parse(`secao=voluntario&id=${ID}&confirmar=excluir`);
    expect(listHref(details)).toBe(`/admin/dashboard?secao=voluntario&id=${ID}`);
    const list = parse(`secao=eventos&id=${ID}&pagina=3`);
    expect(listHref(list, { result: "excluido" })).toBe(
      "/admin/dashboard?secao=eventos&pagina=3&resultado=excluido",
    );
    expect(PARENT.voluntario).toBe("voluntarios");
    expect(PARENT.evento).toBe("eventos");
  });

  it("reads the events filters, with Pendentes and Próximos as defaults for unknown values", () => {
    expect(parse("secao=eventos&situacao=excluidos&periodo=passados")).toMatchObject({
      eventStatus: "excluidos",
      eventPeriod: "passados",
    });
    expect(parse("secao=eventos&situacao=APPROVED&periodo=ontem")).toMatchObject({
      eventStatus: "pendentes",
      eventPeriod: "proximos",
    });
  });

  it("writes the events filters only in event sections and only when not the default", () => {
    const filters = { eventStatus: "publicados", eventPeriod: "todos" } as const;
    expect(adminHref({ section: "eventos", ...filters, search: "sao", page: 2 })).toBe(
      "/admin/dashboard?secao=eventos&situacao=publicados&periodo=todos&busca=sao&pagina=2",
    );
    expect(
      adminHref({ section: "eventos", eventStatus: "pendentes", eventPeriod: "proximos" }),
    ).toBe("/admin/dashboard?secao=eventos");
    expect(adminHref({ section: "voluntarios", ...filters })).toBe(
      "/admin/dashboard?secao=voluntarios",
    );
    // A detail opened from the list keeps the list's state, so "Voltar" returns to it.
    const detail = parse(`secao=evento&id=${ID}&situacao=reprovados&periodo=passados&pagina=3`);
    expect(listHref(detail, { section: "eventos", id: null })).toBe(
      "/admin/dashboard?secao=eventos&situacao=reprovados&periodo=passados&pagina=3",
    );
    expect(parse(new URL(listHref(detail, { confirm: "excluir" }), "http://x").search)).toEqual({
      ...detail,
      confirm: "excluir",
    });
  });

  it("sends an action's redirect back to the events list as the admin left it", () => {
    const from = parse(
      `secao=eventos&situacao=publicados&periodo=todos&busca=feira&pagina=2&id=${ID}&confirmar=excluir`,
    );
    expect(keepEventListState("/admin/dashboard?secao=eventos&resultado=excluido", from)).toBe(
      "/admin/dashboard?secao=eventos&situacao=publicados&periodo=todos&busca=feira&pagina=2&resultado=excluido",
    );
    // Other destinations, and actions posted from other sections, are left alone.
    const elsewhere = "/admin/dashboard?secao=instituicoes&resultado=aprovado";
    expect(keepEventListState(elsewhere, from)).toBe(elsewhere);
    const people = parse("secao=voluntarios&busca=ana");
    expect(keepEventListState("/admin/dashboard?secao=eventos&resultado=aprovado", people)).toBe(
      "/admin/dashboard?secao=eventos&resultado=aprovado",
    );
  });
});

describe("the audit section's filters in the URL", () => {
  it("reads who, which action and the period, with dates typed as dd/mm/aaaa too", () => {
    expect(
      parse("secao=auditoria&quem=%20Maria%20&acao=event.approve&de=01/02/2026&ate=2026-02-28")
        .audit,
    ).toEqual({ person: "Maria", action: "event.approve", from: "2026-02-01", to: "2026-02-28" });
    expect(parse("de=1/2/2026").audit.from).toBe("2026-02-01");
  });

  it("falls back to 'all' for an unknown action and caps the search", () => {
    const query = parse(`secao=auditoria&acao=drop%20table&quem=${"q".repeat(80)}`);
    expect(query.audit.action).toBe("");
    expect(query.audit.person).toHaveLength(50);
    expect(query.section).toBe("auditoria");
  });

  it("keeps an impossible date as typed, for the page to say what is wrong with it", () => {
    expect(parse("de=31/02/2026&ate=amanh%C3%A3").audit).toMatchObject({
      from: "31/02/2026",
      to: "amanhã",
    });
  });

  it("keeps the filters in page links and drops them outside the audit section", () => {
    const query = parse("secao=auditoria&quem=ana&acao=institution.approve&de=2026-01-01&pagina=2");
    const next = listHref(query, { page: 3 });
    expect(next).toBe(
      "/admin/dashboard?secao=auditoria&pagina=3&quem=ana&acao=institution.approve&de=2026-01-01",
    );
    expect(parse(new URL(next, "http://x").search).audit).toEqual(query.audit);
    expect(adminHref({ section: "voluntarios", audit: query.audit })).toBe(
      "/admin/dashboard?secao=voluntarios",
    );
  });
});
