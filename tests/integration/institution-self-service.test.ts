import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { approveProposedName, rejectProposedName } from "~/admin/proposed-name.server";
import {
  getSetting,
  SETTINGS_SAVED,
  saveEventReviewSetting,
  updateSetting,
} from "~/admin/settings.server";
import { createInstitutionAccount } from "~/auth/create-account.server";
import { parseCauses } from "~/config/causes";
import type { Database } from "~/db/client.server";
import { auditLog, emailOutbox, events, institutions, users } from "~/db/schema";
import { updateEvent } from "~/events/institution-events.server";
import { validateForm } from "~/forms/form-validation";
import { KEEP_SAVED_IMAGE } from "~/forms/member-form-rules";
import { processImageUpload } from "~/images/pipeline.server";
import type { PreparedImage } from "~/images/stored-images.server";
import {
  getInstitutionProfile,
  type InstitutionProfileInput,
  updateInstitutionProfile,
} from "~/institutions/institution-profile.server";
import {
  institutionProfileEditSchema,
  REPRESENTATIVE_MESSAGES,
} from "~/institutions/institution-profile-schema";
import {
  findApprovedInstitution,
  findInstitutionPreview,
  listApprovedInstitutions,
} from "~/institutions/public-institutions.server";
import { databaseWithAdmin } from "../helpers/admin-fixtures";
import type { TestDatabase } from "../helpers/database";
import { eventInputOf } from "../helpers/event-input";
import { makeJpeg } from "../helpers/images";

/**
 * Issue 14, institution self-service on a real database (PGlite, and PostgreSQL when
 * TEST_DATABASE_URL is set): an approved institution edits its whole record but the CNPJ (the
 * name waits for an admin, the public and the directory keep the approved one), a rejected one
 * corrects and resubmits, approved events are corrected and rescheduled (back to review only
 * when the admins' setting says so), each change audited.
 */

let database: TestDatabase;
let db: Database;
let adminId: string;
let counter = 0;

const jpeg = async (kind: "profile" | "cover") =>
  processImageUpload(new Blob([new Uint8Array(await makeJpeg())]), kind);

/** Valid CNPJs (check digits), one per institution of this file. */
const CNPJS = ["11222333000181", "45723174000110", "19131243000197", "60746948000112"];

async function institution(name: string, status: "PENDING" | "APPROVED" | "REJECTED") {
  counter += 1;
  const id = await createInstitutionAccount({
    credentials: {
      email: `inst${counter}@teste.org.br`,
      phone: "5511987654321",
      passwordHash: "x",
    },
    name,
    cnpj: CNPJS[counter - 1] ?? String(counter).padStart(14, "0"),
    responsible: "Maria Souza",
    address: {
      uf: "SP",
      city: "São Paulo",
      street: "Rua das Flores",
      number: "120",
      neighborhood: "Centro",
    },
    resume: "Acolhimento no bairro.",
    about: "Acolhemos famílias do bairro desde 1990.",
    contactEmail: `contato${counter}@teste.org.br`,
    volunteeringType: "Presencial",
    permitDivulgation: true,
    profileImage: await jpeg("profile"),
    coverImage: await jpeg("cover"),
  });
  await db.update(institutions).set({ status }).where(eq(institutions.userId, id));
  return id;
}

/** The saved record as the form would post it again, with `changes`. */
async function edited(id: string, changes: Partial<InstitutionProfileInput> = {}) {
  const { values } = await getInstitutionProfile(id);
  return {
    ...values,
    causes: parseCauses(values.causes.split(",")),
    profileImage: KEEP_SAVED_IMAGE,
    coverImage: KEEP_SAVED_IMAGE,
    ...changes,
  } satisfies InstitutionProfileInput;
}

const rowOf = async (id: string) => {
  const [row] = await db.select().from(institutions).where(eq(institutions.userId, id));
  if (!row) throw new Error("no row");
  return row;
};
const trailOf = (id: string) =>
  db.select().from(auditLog).where(eq(auditLog.targetId, id)).orderBy(auditLog.id);
const directory = (search: string) =>
  listApprovedInstitutions({ search, uf: "", city: "", type: null }, 1);

beforeAll(async () => {
  ({ database, db, adminId } = await databaseWithAdmin());
});

afterAll(async () => {
  await database?.dispose();
});

describe("approved institution edits its record", () => {
  let id = "";
  beforeAll(async () => {
    id = await institution("Casa do Caminho", "APPROVED");
  });

  it("every field but the name applies at once, audited with the changes", async () => {
    const before = await rowOf(id);
    const outcome = await updateInstitutionProfile(
      id,
      await edited(id, {
        responsible: "João Pereira",
        phone: "5521912345678",
        uf: "RJ",
        city: "Rio de Janeiro",
        street: "Avenida Atlântica",
        number: "500",
        neighborhood: "Copacabana",
        complete: "Sala 2",
        resume: "Reforço escolar na praia.",
        about: "Reforço escolar para crianças da comunidade.",
        volunteeringType: "Ambos",
        contactEmail: "voluntarios@casa.org.br",
        coverImage: await jpeg("cover"),
      }),
    );
    expect(outcome).toMatchObject({ nameInReview: false, resubmitted: false });
    const row = await rowOf(id);
    expect(row).toMatchObject({
      status: "APPROVED",
      name: "Casa do Caminho",
      proposedName: null,
      responsible: "João Pereira",
      state: "RJ",
      city: "Rio de Janeiro",
      street: "Avenida Atlântica",
      number: "500",
      neighborhood: "Copacabana",
      complement: "Sala 2",
      summary: "Reforço escolar na praia.",
      about: "Reforço escolar para crianças da comunidade.",
      volunteeringType: "ALL",
      contactEmail: "voluntarios@casa.org.br",
      profileImageId: before.profileImageId,
    });
    expect(row.coverImageId).not.toBe(before.coverImageId);
    const [account] = await db.select().from(users).where(eq(users.id, id));
    expect(account?.phone).toBe("5521912345678");

    const trail = await trailOf(id);
    expect(trail.map((entry) => entry.action)).toEqual(["institution.update"]);
    expect(trail[0]?.actorId).toBe(id);
    const changes =
      (trail[0]?.details as { changes: { field: string }[] } | undefined)?.changes ?? [];
    expect(changes.map((change) => change.field)).toEqual([
      "Responsável",
      "Telefone",
      "Estado",
      "Cidade",
      "Logradouro",
      "Número",
      "Bairro",
      "Complemento",
      "Resumo",
      "Sobre",
      "Tipo de voluntariado",
      "E-mail de contato para candidatos",
      "Foto de capa",
    ]);
    expect(changes[1]).toEqual({
      field: "Telefone",
      before: "+55 (11) 98765-4321",
      after: "+55 (21) 91234-5678",
    });
    // The public page shows the new record at once.
    const page = await findApprovedInstitution(id);
    expect(page).toMatchObject({ name: "Casa do Caminho", city: "Rio de Janeiro", state: "RJ" });
  });

  it("saving with nothing changed writes no audit entry", async () => {
    const entries = (await trailOf(id)).length;
    const outcome = await updateInstitutionProfile(id, await edited(id));
    expect(outcome.changes).toEqual([]);
    expect(await trailOf(id)).toHaveLength(entries);
  });

  it("the CNPJ cannot change, even when posted", async () => {
    const { cnpj } = await rowOf(id);
    const form = new FormData();
    const values = { ...(await getInstitutionProfile(id)).values, cnpj: "45.723.174/0001-10" };
    for (const [name, value] of Object.entries(values)) form.set(name, value);
    const parsed = validateForm(
      institutionProfileEditSchema({ previewImage: true, landingImage: true }),
      form,
    );
    if (!parsed.ok) throw new Error(parsed.error.message);
    expect(parsed.data).not.toHaveProperty("cnpj");
    const { previewImage, landingImage, ...texts } = parsed.data;
    await updateInstitutionProfile(id, {
      ...texts,
      ...({ cnpj: "45723174000110" } as object),
      profileImage: previewImage,
      coverImage: landingImage,
    } as InstitutionProfileInput);
    expect((await rowOf(id)).cnpj).toBe(cnpj);
  });

  it("a new name waits in proposed_name; the page and the directory keep the old one", async () => {
    const outcome = await updateInstitutionProfile(
      id,
      await edited(id, { name: "Casa do Caminho Solidário" }),
    );
    expect(outcome.nameInReview).toBe(true);
    const row = await rowOf(id);
    expect(row).toMatchObject({
      name: "Casa do Caminho",
      proposedName: "Casa do Caminho Solidário",
    });
    expect((await findApprovedInstitution(id))?.name).toBe("Casa do Caminho");
    expect((await findInstitutionPreview(id))?.name).toBe("Casa do Caminho Solidário");
    expect((await directory("Solidário")).items.map((item) => item.id)).toEqual([]);
    expect((await directory("Caminho")).items.map((item) => item.name)).toEqual([
      "Casa do Caminho",
    ]);
    expect((await getInstitutionProfile(id)).values.name).toBe("Casa do Caminho Solidário");
    const last = (await trailOf(id)).at(-1);
    expect(last?.details).toMatchObject({
      changes: [
        {
          field: "Nome da instituição",
          before: "Casa do Caminho",
          after: "Casa do Caminho Solidário",
        },
      ],
    });
  });

  it("approveProposedName publishes it (page, directory, account), e-mails and audits; once", async () => {
    await approveProposedName({ adminId, institutionId: id });
    expect(await rowOf(id)).toMatchObject({
      name: "Casa do Caminho Solidário",
      proposedName: null,
    });
    expect((await findApprovedInstitution(id))?.name).toBe("Casa do Caminho Solidário");
    expect((await directory("Solidário")).items.map((item) => item.id)).toEqual([id]);
    const [account] = await db.select().from(users).where(eq(users.id, id));
    expect(account?.name).toBe("Casa do Caminho Solidário");
    const mails = await db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.kind, "institution-name-review"));
    expect(mails.map((mail) => mail.subject)).toEqual([
      "Novo nome aprovado: Casa do Caminho Solidário",
    ]);
    const last = (await trailOf(id)).at(-1);
    expect(last).toMatchObject({ action: "institution.name-approve", actorId: adminId });
    await expect(approveProposedName({ adminId, institutionId: id })).rejects.toMatchObject({
      code: "conflict",
    });
    await expect(rejectProposedName({ adminId, institutionId: id })).rejects.toMatchObject({
      code: "conflict",
    });
  });

  it("rejectProposedName drops the request with its reason; the approved name stays", async () => {
    await updateInstitutionProfile(id, await edited(id, { name: "Nome Recusado" }));
    await rejectProposedName({ adminId, institutionId: id, reason: "Nome de outra entidade." });
    expect(await rowOf(id)).toMatchObject({
      name: "Casa do Caminho Solidário",
      proposedName: null,
    });
    const last = (await trailOf(id)).at(-1);
    expect(last).toMatchObject({
      action: "institution.name-reject",
      details: { proposedName: "Nome Recusado", reason: "Nome de outra entidade." },
    });
    const [mail] = await db
      .select()
      .from(emailOutbox)
      .where(
        and(
          eq(emailOutbox.kind, "institution-name-review"),
          eq(emailOutbox.subject, "Novo nome não aprovado: Casa do Caminho Solidário"),
        ),
      );
    expect(mail?.text).toContain("Motivo: Nome de outra entidade.");
  });
});

describe("pending and rejected institutions", () => {
  it("pending: the name applies at once, nothing public", async () => {
    const id = await institution("Projeto Semear", "PENDING");
    await updateInstitutionProfile(id, await edited(id, { name: "Projeto Semear Juntos" }));
    expect(await rowOf(id)).toMatchObject({
      status: "PENDING",
      name: "Projeto Semear Juntos",
      proposedName: null,
    });
    expect(await findApprovedInstitution(id)).toBeNull();
    expect((await trailOf(id)).map((entry) => entry.action)).toEqual(["institution.update"]);
  });

  it("rejected: saving resubmits (PENDING, when, what changed), keeps the reason, audits", async () => {
    const id = await institution("Ação Vizinha", "REJECTED");
    await db
      .update(institutions)
      .set({ reviewReason: "Resumo genérico." })
      .where(eq(institutions.userId, id));
    const outcome = await updateInstitutionProfile(
      id,
      await edited(id, {
        resume: "Hortas comunitárias no bairro.",
        profileImage: await jpeg("profile"),
      }),
    );
    expect(outcome.resubmitted).toBe(true);
    const row = await rowOf(id);
    expect(row.status).toBe("PENDING");
    expect(row.reviewReason).toBe("Resumo genérico.");
    expect(row.resubmittedAt).toBeInstanceOf(Date);
    const changes = [
      {
        field: "Resumo",
        before: "Acolhimento no bairro.",
        after: "Hortas comunitárias no bairro.",
      },
      { field: "Foto de perfil", before: "Foto anterior", after: "Foto alterada" },
    ];
    expect(row.resubmissionChanges).toEqual(changes);
    const trail = await trailOf(id);
    expect(trail.map((entry) => entry.action)).toEqual(["institution.resubmit"]);
    expect(trail[0]).toMatchObject({ actorId: id, details: { name: "Ação Vizinha", changes } });
  });

  it("rejected: the same “Sobre” posted with CRLF (as every browser sends a text area) is no change", async () => {
    const id = await institution("Mãos Unidas", "REJECTED");
    // Stored with LF (the demo data, a row saved before the rule), decomposed accents too.
    await db
      .update(institutions)
      .set({ about: "Acolhemos famílias.\nDesde 1990 no bairro.", responsible: "Jose\u0301 Souza" })
      .where(eq(institutions.userId, id));
    const form = new FormData();
    const { values } = await getInstitutionProfile(id);
    for (const [name, value] of Object.entries(values)) form.set(name, value);
    form.set("about", "Acolhemos famílias.\r\nDesde 1990 no bairro.");
    form.set("responsible", "José Souza");
    form.set("resume", "Hortas comunitárias no bairro.");
    const parsed = validateForm(
      institutionProfileEditSchema({ previewImage: true, landingImage: true }),
      form,
    );
    if (!parsed.ok) throw new Error(parsed.error.message);
    expect(parsed.data.about).toBe("Acolhemos famílias.\nDesde 1990 no bairro.");
    const { previewImage, landingImage, ...texts } = parsed.data;
    const outcome = await updateInstitutionProfile(id, {
      ...texts,
      profileImage: previewImage,
      coverImage: landingImage,
    } as InstitutionProfileInput);
    expect(outcome.resubmitted).toBe(true);
    const changed = [
      {
        field: "Resumo",
        before: "Acolhimento no bairro.",
        after: "Hortas comunitárias no bairro.",
      },
    ];
    expect(outcome.changes).toEqual(changed);
    expect((await rowOf(id)).resubmissionChanges).toEqual(changed);
  });
});

describe("approved events: corrected and rescheduled", () => {
  let institutionId = "";
  const inDays = (days: number) => {
    const date = new Date();
    date.setUTCDate(date.getUTCDate() + days);
    return date.toISOString().slice(0, 10);
  };
  const newEvent = async (name: string, eventDate = inDays(30)) => {
    const [row] = await db
      .insert(events)
      .values({
        institutionId,
        name,
        eventDate,
        resume: "Roupas e livros a preço simbólico.",
        about: "Um bazar para arrecadar fundos para a sede.",
        street: "Rua das Flores",
        number: "120",
        neighborhood: "Centro",
        city: "São Paulo",
        state: "SP",
        status: "APPROVED",
      })
      .returning();
    if (!row) throw new Error("no event");
    return row;
  };
  const inputOf = eventInputOf;
  // Inserted without a cover, an event gets one first (a kept cover must exist).
  const withCover = async (row: typeof events.$inferSelect) => {
    await updateEvent(institutionId, row.id, {
      ...inputOf(row),
      cover: await jpeg("cover"),
    });
  };
  const statusOf = async (eventId: string) =>
    (await db.select({ status: events.status }).from(events).where(eq(events.id, eventId)))[0]
      ?.status;

  beforeAll(async () => {
    institutionId = await institution("Bazar do Bem", "APPROVED");
  });

  it("setting off (default): a new date keeps it published; audited with the change", async () => {
    expect(await getSetting("eventChangesNeedReview")).toBe(false);
    const row = await newEvent("Bazar de Inverno");
    await withCover(row);
    const newDate = inDays(45);
    const outcome = await updateEvent(institutionId, row.id, {
      ...inputOf(row, { eventDate: newDate }),
      cover: KEEP_SAVED_IMAGE,
    });
    expect(outcome.inReview).toBe(false);
    expect(await statusOf(row.id)).toBe("APPROVED");
    const trail = await trailOf(row.id);
    expect(trail.map((entry) => entry.action)).toEqual(["event.update", "event.update"]);
    expect(trail[1]).toMatchObject({
      actorId: institutionId,
      details: { changes: [{ field: "Data do evento" }] },
    });
  });

  it("setting on: texts stay published, a new date or place goes back to review", async () => {
    await updateSetting({ adminId, key: "eventChangesNeedReview", value: true });
    expect(await getSetting("eventChangesNeedReview")).toBe(true);
    const [settingEntry] = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "settings.update"));
    expect(settingEntry).toMatchObject({
      actorId: adminId,
      targetId: "eventChangesNeedReview",
      details: { before: false, after: true },
    });

    const row = await newEvent("Bazar de Verão");
    await withCover(row);
    const keep = { cover: KEEP_SAVED_IMAGE as PreparedImage };
    const texts = await updateEvent(institutionId, row.id, {
      ...inputOf(row, { resume: "Roupas de verão a preço simbólico." }),
      ...keep,
    });
    expect(texts.inReview).toBe(false);
    expect(await statusOf(row.id)).toBe("APPROVED");

    const moved = await updateEvent(institutionId, row.id, {
      ...inputOf(row, { resume: "Roupas de verão a preço simbólico.", street: "Rua Nova" }),
      ...keep,
    });
    expect(moved.inReview).toBe(true);
    expect(await statusOf(row.id)).toBe("PENDING");

    const other = await newEvent("Bazar de Primavera");
    await withCover(other);
    await updateEvent(institutionId, other.id, {
      ...inputOf(other, { eventDate: inDays(60) }),
      ...keep,
    });
    expect(await statusOf(other.id)).toBe("PENDING");
    await updateSetting({ adminId, key: "eventChangesNeedReview", value: false });
  });

  it("the admin form's post: the checkbox on turns it on, absent turns it off", async () => {
    const checked = new FormData();
    checked.set("intent", "salvar-configuracao");
    checked.set("eventChangesNeedReview", "on");
    expect(await saveEventReviewSetting({ adminId, formData: checked })).toBe(SETTINGS_SAVED);
    expect(await getSetting("eventChangesNeedReview")).toBe(true);
    const unchecked = new FormData();
    unchecked.set("intent", "salvar-configuracao");
    await saveEventReviewSetting({ adminId, formData: unchecked });
    expect(await getSetting("eventChangesNeedReview")).toBe(false);
  });

  it("a published event whose day has passed can no longer be changed", async () => {
    const row = await newEvent("Bazar Passado", inDays(-2));
    await expect(
      updateEvent(institutionId, row.id, { ...inputOf(row), cover: await jpeg("cover") }),
    ).rejects.toMatchObject({ code: "conflict" });
  });
});

describe("who signs for the institution (issue 39, ADR 0067)", () => {
  let id = "";
  beforeAll(async () => {
    id = await institution("Instituto Mãos que Ajudam", "APPROVED");
  });

  /** The edit form as posted: the saved record with `changes`, through the form's schema. */
  async function posted(changes: Record<string, string>) {
    const form = new FormData();
    const values = { ...(await getInstitutionProfile(id)).values, ...changes };
    for (const [name, value] of Object.entries(values)) form.set(name, value);
    return validateForm(
      institutionProfileEditSchema({ previewImage: true, landingImage: true }),
      form,
    );
  }

  async function save(changes: Record<string, string>) {
    const parsed = await posted(changes);
    if (!parsed.ok) throw new Error(parsed.error.message);
    const { previewImage: _, landingImage: __, ...texts } = parsed.data;
    return updateInstitutionProfile(id, {
      ...texts,
      profileImage: KEEP_SAVED_IMAGE,
      coverImage: KEEP_SAVED_IMAGE,
    });
  }

  it("is optional: a record without it saves as before", async () => {
    expect((await getInstitutionProfile(id)).values).toMatchObject({
      representativeName: "",
      representativeRole: "",
    });
    const parsed = await posted({});
    expect(parsed.ok).toBe(true);
  });

  it("asks for both name and role, naming the one missing", async () => {
    expect(await posted({ representativeName: "Maria Silva" })).toEqual({
      ok: false,
      error: { field: "representativeRole", message: REPRESENTATIVE_MESSAGES.roleMissing },
    });
    expect(await posted({ representativeRole: "Presidente" })).toEqual({
      ok: false,
      error: { field: "representativeName", message: REPRESENTATIVE_MESSAGES.nameMissing },
    });
    expect(
      await posted({ representativeName: "M".repeat(51), representativeRole: "Presidente" }),
    ).toMatchObject({ ok: false, error: { message: REPRESENTATIVE_MESSAGES.nameTooLong } });
    expect(
      await posted({ representativeName: "Maria Silva", representativeRole: "P".repeat(51) }),
    ).toMatchObject({ ok: false, error: { message: REPRESENTATIVE_MESSAGES.roleTooLong } });
    expect((await rowOf(id)).representativeName).toBeNull();
  });

  it("saves name and role, listed in the audit trail, and clears both when both are emptied", async () => {
    const outcome = await save({
      representativeName: " Maria Silva ",
      representativeRole: "Presidente",
    });
    expect(outcome.changes).toEqual([
      { field: "Quem assina pela instituição", before: "", after: "Maria Silva" },
      { field: "Cargo de quem assina", before: "", after: "Presidente" },
    ]);
    expect(await rowOf(id)).toMatchObject({
      representativeName: "Maria Silva",
      representativeRole: "Presidente",
    });
    expect((await trailOf(id)).at(-1)?.details).toMatchObject({ changes: outcome.changes });
    await save({ representativeName: "", representativeRole: "" });
    expect(await rowOf(id)).toMatchObject({ representativeName: null, representativeRole: null });
  });

  it("is both or neither in the database too", async () => {
    await expect(
      db
        .update(institutions)
        .set({ representativeName: "Só o nome" })
        .where(eq(institutions.userId, id)),
    ).rejects.toThrow();
  });
});
