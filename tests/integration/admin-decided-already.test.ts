import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deleteInstitutionAccount, deleteVolunteerAccount } from "~/admin/accounts.server";
import {
  deleteEvent,
  reopenEvent,
  reopenInstitution,
  reviewEvent,
  reviewInstitution,
} from "~/admin/moderation.server";
import { approveProposedName, rejectProposedName } from "~/admin/proposed-name.server";
import type { Database } from "~/db/client.server";
import { auditLog, events, institutions, users } from "~/db/schema";
import { cancelEvent } from "~/events/institution-events.server";
import { isAppError } from "~/lib/app-error";
import { databaseWithAdmin, eventRow, insertInstitution } from "../helpers/admin-fixtures";
import type { TestDatabase } from "../helpers/database";

/**
 * Issue 39, item 9: an admin acting on a record another admin (or another tab, or the
 * institution) decided meanwhile reads who decided it and when, for every admin decision,
 * instead of a generic failure; nothing is changed and nothing more is audited.
 */

let database: TestDatabase;
let db: Database;
/** The admin who decides first ("Ana Souza") and the one whose tab is stale. */
let ana: string;
let bruno: string;

beforeAll(async () => {
  ({
    database,
    db,
    adminId: ana,
  } = await databaseWithAdmin({
    email: "ana.souza@teste.org",
    name: "Ana Souza",
  }));
  const [row] = await db
    .insert(users)
    .values({ email: "bruno@teste.org", name: "Bruno Lima", role: "ADMIN", profile: "ADMIN" })
    .returning({ id: users.id });
  bruno = row?.id ?? "";
});

afterAll(async () => {
  await database?.dispose();
});

/** The refusal's message (and that it is a refusal, not a crash). */
async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (isAppError(error)) return error.message;
    throw error;
  }
  throw new Error("expected a refusal");
}

/** Puts the record's latest entry at a known instant: 12/03/2026 14:05 in Brasília. */
async function decidedAt(targetId: string) {
  await db
    .update(auditLog)
    .set({ at: new Date("2026-03-12T17:05:00Z") })
    .where(eq(auditLog.targetId, targetId));
}

const BY_ANA = /por Ana Souza em \d{2}\/\d{2}\/\d{4} às \d{2}:\d{2}\.$/;

async function event(status: string, name = "Mutirão") {
  const institutionId = await insertInstitution(db, {
    name: `Dona de ${name}`,
    email: `dona-${crypto.randomUUID()}@teste.org`,
    status: "APPROVED",
  });
  const [row] = await db
    .insert(events)
    .values(eventRow(institutionId, { name, status }))
    .returning({ id: events.id });
  return { eventId: row?.id ?? "", institutionId };
}

describe("a decision already taken", () => {
  it("names who rejected an institution and when, and changes nothing", async () => {
    const id = await insertInstitution(db, { name: "Casa Aberta", email: "casa@teste.org" });
    await reviewInstitution({
      adminId: ana,
      institutionId: id,
      approved: false,
      reason: "Falta o CNPJ certo.",
    });
    await decidedAt(id);
    expect(
      await refusal(reviewInstitution({ adminId: bruno, institutionId: id, approved: true })),
    ).toBe("Esta instituição já foi reprovada por Ana Souza em 12/03/2026 às 14:05.");
    const [row] = await db.select().from(institutions).where(eq(institutions.userId, id));
    expect(row?.status).toBe("REJECTED");
    expect(await db.select().from(auditLog).where(eq(auditLog.targetId, id))).toHaveLength(1);
  });

  it("covers approving, reopening and deleting institutions", async () => {
    const approved = await insertInstitution(db, { name: "Lar Azul", email: "lar@teste.org" });
    await reviewInstitution({ adminId: ana, institutionId: approved, approved: true });
    expect(
      await refusal(
        reviewInstitution({
          adminId: bruno,
          institutionId: approved,
          approved: false,
          reason: "x",
        }),
      ),
    ).toMatch(new RegExp(`^Esta instituição já foi aprovada ${BY_ANA.source}`));
    await reopenInstitution({ adminId: ana, institutionId: approved });
    expect(await refusal(reopenInstitution({ adminId: bruno, institutionId: approved }))).toMatch(
      new RegExp(`^Esta instituição já foi reaberta para análise ${BY_ANA.source}`),
    );
    await deleteInstitutionAccount({ adminId: ana, institutionId: approved });
    expect(
      await refusal(deleteInstitutionAccount({ adminId: bruno, institutionId: approved })),
    ).toMatch(new RegExp(`^Esta instituição já foi excluída ${BY_ANA.source}`));
    expect(
      await refusal(reviewInstitution({ adminId: bruno, institutionId: approved, approved: true })),
    ).toMatch(new RegExp(`^Esta instituição já foi excluída ${BY_ANA.source}`));
  });

  it("covers events: reviewed, reopened, deleted by an admin or cancelled by their institution", async () => {
    const { eventId } = await event("PENDING", "Feira");
    await reviewEvent({ adminId: ana, eventId, approved: true });
    expect(
      await refusal(reviewEvent({ adminId: bruno, eventId, approved: false, reason: "x" })),
    ).toMatch(new RegExp(`^Este evento já foi aprovado ${BY_ANA.source}`));
    await deleteEvent({ adminId: ana, eventId });
    expect(await refusal(deleteEvent({ adminId: bruno, eventId }))).toMatch(
      new RegExp(`^Este evento já foi excluído ${BY_ANA.source}`),
    );
    expect(await refusal(reopenEvent({ adminId: bruno, eventId }))).toMatch(
      new RegExp(`^Este evento já foi excluído ${BY_ANA.source}`),
    );

    const other = await event("APPROVED", "Bazar");
    await cancelEvent(other.institutionId, other.eventId);
    expect(await refusal(deleteEvent({ adminId: bruno, eventId: other.eventId }))).toMatch(
      /^Este evento já foi cancelado por Dona de Bazar em \d{2}\/\d{2}\/\d{4} às \d{2}:\d{2}\.$/,
    );
  });

  it("covers new names and deleted volunteers", async () => {
    const id = await insertInstitution(db, {
      name: "Nome Antigo",
      email: "nome@teste.org",
      status: "APPROVED",
    });
    await db
      .update(institutions)
      .set({ proposedName: "Nome Novo" })
      .where(eq(institutions.userId, id));
    await approveProposedName({ adminId: ana, institutionId: id });
    expect(await refusal(rejectProposedName({ adminId: bruno, institutionId: id }))).toMatch(
      new RegExp(`^O novo nome desta instituição já foi aprovado ${BY_ANA.source}`),
    );

    const [volunteer] = await db
      .insert(users)
      .values({ email: "vol@teste.org", name: "Vera", profile: "VOLUNTEER" })
      .returning({ id: users.id });
    const volunteerId = volunteer?.id ?? "";
    await deleteVolunteerAccount({ adminId: ana, volunteerId });
    expect(await refusal(deleteVolunteerAccount({ adminId: bruno, volunteerId }))).toMatch(
      new RegExp(`^Este voluntário já foi excluído ${BY_ANA.source}`),
    );
  });

  it("keeps the generic message when the trail has no decision to name", async () => {
    const { eventId } = await event("PENDING", "Nunca decidido");
    expect(await refusal(deleteEvent({ adminId: bruno, eventId }))).toBe(
      "Não foi possível atualizar o status do evento.",
    );
  });
});
