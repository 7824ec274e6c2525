import { describe, expect, it } from "vitest";
import { AUDIT_ACTIONS } from "./audit-actions";
import {
  AUDIT_PERIOD_MESSAGES,
  auditCsvHref,
  auditPeriod,
  NO_AUDIT_FILTERS,
  parseAuditFilters,
  targetTypeLabel,
} from "./audit-trail";

const period = (from: string, to: string) => auditPeriod({ ...NO_AUDIT_FILTERS, from, to });

describe("the audit period", () => {
  it("is open at either end, or both", () => {
    expect(period("", "")).toEqual({ ok: true, from: null, to: null });
    expect(period("2026-03-01", "")).toEqual({ ok: true, from: "2026-03-01", to: null });
    expect(period("", "2026-03-01")).toEqual({ ok: true, from: null, to: "2026-03-01" });
    expect(period("2026-03-01", "2026-03-01")).toMatchObject({ ok: true });
  });

  it("names the wrong field in Portuguese: a bad date, or the end before the start", () => {
    expect(period("31/02/2026", "")).toEqual({
      ok: false,
      field: "de",
      message: AUDIT_PERIOD_MESSAGES.from,
    });
    expect(period("", "ontem")).toMatchObject({ ok: false, field: "ate" });
    expect(period("2026-03-02", "2026-03-01")).toEqual({
      ok: false,
      field: "ate",
      message: "A data final não pode ser anterior à data inicial.",
    });
  });
});

describe("the audit filters", () => {
  it("accept every action of the list, and nothing else", () => {
    for (const action of AUDIT_ACTIONS) {
      expect(parseAuditFilters(new URLSearchParams({ acao: action })).action).toBe(action);
    }
    expect(parseAuditFilters(new URLSearchParams({ acao: "__proto__" })).action).toBe("");
  });

  it("lead the CSV export to the same trail", () => {
    expect(auditCsvHref(NO_AUDIT_FILTERS)).toBe("/admin/auditoria.csv");
    expect(
      auditCsvHref({ person: "joão", action: "event.reject", from: "2026-01-01", to: "" }),
    ).toBe("/admin/auditoria.csv?quem=jo%C3%A3o&acao=event.reject&de=2026-01-01");
  });

  it("label the record types in Portuguese, keeping an unknown one as stored", () => {
    expect(targetTypeLabel("institution")).toBe("Instituição");
    expect(targetTypeLabel("robot")).toBe("robot");
  });
});
