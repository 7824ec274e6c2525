import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deleteInstitutionAccount } from "~/admin/accounts.server";
import { getDashboardCounts } from "~/admin/dashboard.server";
import {
  reopenEvent,
  reopenInstitution,
  reviewEvent,
  reviewInstitution,
} from "~/admin/moderation.server";
import { listInstitutions, listVolunteers } from "~/admin/people.server";
import { pageWindow } from "~/components/admin/pagination";
import type { Database } from "~/db/client.server";
import { auditLog, emailOutbox, events, institutions, sessions } from "~/db/schema";
import {
  databaseWithAdmin,
  eventRow,
  type InstitutionRow,
  insertInstitution as insertRow,
} from "../helpers/admin-fixtures";
import type { TestDatabase } from "../helpers/database";

/**
 * The admin's domain functions on a real database: one transaction per decision (status, e-mail,
 * audit), a second decision refused, accent-free search, and deletion cascading to everything the
 * account owned.
 */
let database: TestDatabase;
let db: Database;
let adminId: string;

const insertInstitution = (
  name: string,
  email: string,
  status: InstitutionRow["status"] = "PENDING",
) => insertRow(db, { name, email, status });

beforeAll(async () => {
  ({ database, db, adminId } = await databaseWithAdmin());
});

afterAll(async () => {
  await database?.dispose();
});

describe("admin domain", () => {
  it("approves once: status, e-mail and audit together; a second decision is refused", async () => {
    const id = await insertInstitution("Associação Ação Já", "acao@teste.org");
    await reviewInstitution({ adminId, institutionId: id, approved: true });
    const [row] = await db.select().from(institutions).where(eq(institutions.userId, id));
    expect(row?.status).toBe("APPROVED");
    expect(row?.reviewedBy).toBe(adminId);
    const mails = await db.select().from(emailOutbox).where(eq(emailOutbox.to, "acao@teste.org"));
    expect(mails.map((mail) => mail.dedupeKey)).toEqual([
      `institution-review:${id}:APPROVED:${row?.reviewedAt?.toISOString()}`,
    ]);
    const trail = await db.select().from(auditLog).where(eq(auditLog.targetId, id));
    expect(trail.map((entry) => entry.action)).toEqual(["institution.approve"]);
    await expect(
      reviewInstitution({ adminId, institutionId: id, approved: false, reason: "Outro motivo." }),
      // Issue 39: the refusal says who decided first and when.
    ).rejects.toThrow(
      /^Esta instituição já foi aprovada por Admin em \d{2}\/\d{2}\/\d{4} às \d{2}:\d{2}\.$/,
    );
    const after = await db.select().from(auditLog).where(eq(auditLog.targetId, id));
    expect(after).toHaveLength(1);
  });

  it("a rejection keeps its reason, e-mails it, and can be reopened (audited) and decided again", async () => {
    const id = await insertInstitution("Casa do Recomeço", "recomeco@teste.org");
    const reason = "A descrição não deixa claro o trabalho da instituição. Contem as atividades.";
    await reviewInstitution({ adminId, institutionId: id, approved: false, reason });
    const [rejected] = await db.select().from(institutions).where(eq(institutions.userId, id));
    expect(rejected).toMatchObject({ status: "REJECTED", reviewReason: reason });
    const mails = () =>
      db.select().from(emailOutbox).where(eq(emailOutbox.to, "recomeco@teste.org"));
    const [mail] = await mails();
    expect(mail?.subject).toBe("Cadastro não aprovado: Casa do Recomeço");
    expect(mail?.text).toContain(`Motivo: ${reason}`);
    // The origin is whichever BASE_URL the worker's first file set (isolate: false): the path counts.
    expect(mail?.text).toMatch(/https?:\/\/[^/\s]+\/app\/instituicao/);

    await reopenInstitution({ adminId, institutionId: id });
    const [reopened] = await db.select().from(institutions).where(eq(institutions.userId, id));
    expect(reopened?.status).toBe("PENDING");
    await expect(reopenInstitution({ adminId, institutionId: id })).rejects.toThrow(
      /^Esta instituição já foi reaberta para análise por Admin em /,
    );
    // Decided again: a second e-mail (not swallowed as a duplicate), the reason cleared.
    await reviewInstitution({ adminId, institutionId: id, approved: true });
    const [approved] = await db.select().from(institutions).where(eq(institutions.userId, id));
    expect(approved).toMatchObject({ status: "APPROVED", reviewReason: null });
    expect((await mails()).map((row) => row.subject)).toEqual([
      "Cadastro não aprovado: Casa do Recomeço",
      "Cadastro aprovado: Casa do Recomeço",
    ]);
    const trail = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, id))
      .orderBy(auditLog.id);
    expect(trail.map((entry) => [entry.action, entry.details?.previous ?? null])).toEqual([
      ["institution.reject", null],
      ["institution.reopen", "REJECTED"],
      ["institution.approve", null],
    ]);
    expect(trail[0]?.details?.reason).toBe(reason);
  });

  it("events: a rejection's reason is stored and e-mailed; approved and rejected reopen, deleted does not", async () => {
    const owner = await insertInstitution("Dona do Evento", "dona@teste.org", "APPROVED");
    const ownEvent = (status: string) => eventRow(owner, { name: `Evento ${status}`, status });
    const [pending, deleted] = await db
      .insert(events)
      .values([ownEvent("PENDING"), ownEvent("DELETED")])
      .returning({ id: events.id });
    const eventId = pending?.id ?? "";
    await reviewEvent({ adminId, eventId, approved: false, reason: "Imagem inadequada." });
    const [row] = await db.select().from(events).where(eq(events.id, eventId));
    expect(row).toMatchObject({ status: "REJECTED", reviewReason: "Imagem inadequada." });
    const [mail] = await db.select().from(emailOutbox).where(eq(emailOutbox.to, "dona@teste.org"));
    expect(mail?.text).toContain("Motivo: Imagem inadequada.");
    await reopenEvent({ adminId, eventId });
    expect((await db.select().from(events).where(eq(events.id, eventId)))[0]?.status).toBe(
      "PENDING",
    );
    await expect(reopenEvent({ adminId, eventId: deleted?.id ?? "" })).rejects.toThrow(
      "Não foi possível atualizar o status do evento.",
    );
  });

  it("the institutions tabs count every status, and 'Todas' is the dashboard's count", async () => {
    await insertInstitution("Reprovada da Contagem", "contagem@teste.org", "REJECTED");
    const list = await listInstitutions({ page: 1, search: "", tab: "todas" });
    const counts = list.tabCounts;
    expect(counts).toBeDefined();
    if (!counts) return;
    expect(counts.reprovadas).toBeGreaterThan(0);
    expect(counts.pendentes + counts.aprovadas + counts.reprovadas).toBe(counts.todas);
    expect(counts.todas).toBe((await getDashboardCounts()).totalInstitutions);
    const rejectedTab = await listInstitutions({ page: 1, search: "", tab: "reprovadas" });
    expect(rejectedTab.total).toBe(counts.reprovadas);
    expect(rejectedTab.rows.map((row) => row.name)).toContain("Reprovada da Contagem");
    expect(list.rows.every((row) => row.marks?.length === 1)).toBe(true);
  });

  it("searches names and e-mails without accents or capitals", async () => {
    await insertInstitution("Lar São José", "lar@teste.org");
    const found = await listInstitutions({ page: 1, search: "SAO JOSE", tab: "pendentes" });
    expect(found.rows.map((row) => row.name)).toEqual(["Lar São José"]);
    const byEmail = await listInstitutions({ page: 1, search: "acao@", tab: "todas" });
    expect(byEmail.total).toBe(1);
    expect((await listVolunteers({ page: 1, search: "100%" })).total).toBe(0);
  });

  it("deleting an institution removes its events and sessions", async () => {
    const id = await insertInstitution("Instituição Efêmera", "efemera@teste.org", "APPROVED");
    await db.insert(events).values(eventRow(id, { name: "Evento", status: "APPROVED" }));
    await db
      .insert(sessions)
      .values({ userId: id, token: "tok-efemera", expiresAt: new Date(Date.now() + 3_600_000) });
    await deleteInstitutionAccount({ adminId, institutionId: id });
    const left = await db.execute<{ n: number }>(sql`
      select (select count(*) from events where institution_id = ${id})
           + (select count(*) from sessions where user_id = ${id})
           + (select count(*) from users where id = ${id}) as n`);
    expect(Number(left.rows[0]?.n)).toBe(0);
    await expect(deleteInstitutionAccount({ adminId, institutionId: id })).rejects.toThrow(
      /^Esta instituição já foi excluída por Admin em /,
    );
  });

  it("shows a window of 4 page numbers", () => {
    expect(pageWindow(1, 10)).toEqual([1, 2, 3, 4]);
    expect(pageWindow(5, 10)).toEqual([4, 5, 6, 7]);
    expect(pageWindow(10, 10)).toEqual([7, 8, 9, 10]);
    expect(pageWindow(1, 2)).toEqual([1, 2]);
  });
});
