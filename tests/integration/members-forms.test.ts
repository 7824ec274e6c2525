import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createVolunteerAccount } from "~/auth/create-account.server";
import type { Database } from "~/db/client.server";
import { images, users, volunteers } from "~/db/schema";
import { eventFormSchema } from "~/events/event-form-schema";
import { validateForm } from "~/forms/form-validation";
import { KEEP_SAVED_IMAGE, PROFILE_MESSAGES } from "~/forms/member-form-rules";
import { FILL_ALL_DATA, missingFieldMessage } from "~/forms/missing-fields";

/**
 * A form-wide "Informe todos os dados", with each missing field's own message beside it
 * (issue 13), in the form's order.
 */
const missingError = (...fields: string[]) => ({
  field: "form",
  message: FILL_ALL_DATA,
  fields: Object.fromEntries(fields.map((field) => [field, missingFieldMessage(field)])),
});

import { processImageUpload } from "~/images/pipeline.server";
import { prepareImage } from "~/images/stored-images.server";
import { institutionProfileEditSchema } from "~/institutions/institution-profile-schema";
import { saveOrFail } from "~/routes/app.member-form.server";
import { getVolunteerProfile, updateVolunteerProfile } from "~/volunteers/volunteer-profile.server";
import { volunteerProfileEditSchema } from "~/volunteers/volunteer-profile-schema";
import { type TestDatabase, testDatabase } from "../helpers/database";
import { makeJpeg } from "../helpers/images";

/**
 * Issue 5, the member-area forms below the pages: the one "Informe todos os dados" message, a
 * saved photo that counts until it is removed, event dates, and a save that fails keeping the
 * form (its text echoed, the spec's failure message) and the previous photo.
 */

let database: TestDatabase;
let db: Database;
let volunteerId: string;

const form = (values: Record<string, string | Blob>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(values)) data.set(name, value);
  return data;
};

const VOLUNTEER = { name: "Rita Campos", uf: "PE", city: "Recife", resume: "Gosto de ensinar." };

beforeAll(async () => {
  database = await testDatabase();
  db = database.db;
  volunteerId = await createVolunteerAccount({
    credentials: { email: "rita@teste.org.br", phone: "5581988887777", passwordHash: "x" },
    name: VOLUNTEER.name,
    resume: "Gosto de ensinar crianças a ler.",
    uf: "PE",
    city: "Recife",
    photo: await processImageUpload(new Blob([new Uint8Array(await makeJpeg())]), "profile"),
  });
});

afterAll(async () => {
  await database?.dispose();
});

describe("edit volunteer form", () => {
  const schema = volunteerProfileEditSchema({ previewImage: true });

  it("each missing field says Informe todos os dados, in the spec's order", () => {
    for (const missing of ["name", "uf", "city", "resume"]) {
      const values: Record<string, string> = { ...VOLUNTEER, [missing]: " " };
      const result = validateForm(schema, form(values));
      expect(result.ok ? null : result.error, missing).toEqual(missingError(missing));
    }
  });

  it("a saved photo counts as present until it is removed", () => {
    const kept = validateForm(schema, form(VOLUNTEER));
    expect(kept.ok && kept.data.previewImage).toBe(KEEP_SAVED_IMAGE);
    const removed = validateForm(schema, form({ ...VOLUNTEER, previewImageRemoved: "true" }));
    expect(removed.ok ? null : removed.error).toEqual(missingError("previewImage"));
    const none = validateForm(volunteerProfileEditSchema({ previewImage: false }), form(VOLUNTEER));
    expect(none.ok).toBe(false);
  });

  it("limits: name 50, summary 1200", () => {
    const long = validateForm(schema, form({ ...VOLUNTEER, name: "a".repeat(51) }));
    expect(long.ok ? null : long.error.message).toBe("O nome deve ter no máximo 50 caracteres.");
    const summary = validateForm(schema, form({ ...VOLUNTEER, resume: "a".repeat(1201) }));
    expect(summary.ok ? null : summary.error.message).toBe(
      "O resumo deve ter no máximo 1200 caracteres.",
    );
  });
});

describe("edit institution and event forms", () => {
  it("institution: volunteering type defaults to Presencial; contact e-mail checked", () => {
    const schema = institutionProfileEditSchema({ previewImage: true, landingImage: true });
    // Issue 14: the whole record but the CNPJ is on the form.
    const values = {
      name: "Lar das Crianças",
      responsible: "Ana Lima",
      phone: "+55 (81) 988887777",
      uf: "PE",
      city: "Recife",
      street: "Rua da Aurora",
      number: "10",
      neighborhood: "Boa Vista",
      resume: "Reforço escolar no bairro.",
      about: "Aulas de reforço no contraturno para crianças da rede pública.",
      contactEmail: "contato@lar.org.br",
    };
    const ok = validateForm(schema, form(values));
    expect(ok.ok && ok.data.volunteeringType).toBe("Presencial");
    const bad = validateForm(schema, form({ ...values, contactEmail: "contato@" }));
    expect(bad.ok ? null : bad.error.message).toBe("E-mail de contato inválido.");
    const noCover = validateForm(schema, form({ ...values, landingImageRemoved: "true" }));
    expect(noCover.ok ? null : noCover.error).toEqual(missingError("landingImage"));
  });

  it("event: the date is dd/MM/yyyy, real, and not before today; complement optional", () => {
    const schema = eventFormSchema({ today: "2026-11-21", cover: true });
    const values = {
      name: "Feira do Livro",
      eventDate: "21/11/2026",
      resume: "Troca de livros usados.",
      about: "Uma feira para trocar livros usados entre vizinhos.",
      uf: "PE",
      city: "Recife",
      street: "Rua da Aurora",
      number: "10",
      neighborhood: "Boa Vista",
      complete: "Praça",
    };
    const today = validateForm(schema, form(values));
    expect(today.ok && today.data.eventDate).toBe("2026-11-21");
    const past = validateForm(schema, form({ ...values, eventDate: "20/11/2026" }));
    expect(past.ok ? null : past.error.message).toBe("A data do evento não pode estar no passado.");
    const unreal = validateForm(schema, form({ ...values, eventDate: "31/02/2027" }));
    expect(unreal.ok ? null : unreal.error.message).toBe(
      "Data inválida. Use o formato dd/mm/aaaa.",
    );
    // A square or a park has no complement (docs/decisions/0027); its length is still checked.
    const { complete: _complement, ...withoutComplement } = values;
    for (const posted of [form({ ...values, complete: "  " }), form(withoutComplement)]) {
      const parsed = validateForm(schema, posted);
      expect(parsed.ok ? (parsed.data.complete ?? "") : parsed.error).toBe("");
    }
    const long = validateForm(schema, form({ ...values, complete: "x".repeat(61) }));
    expect(long.ok ? null : long.error).toEqual({
      field: "complete",
      message: "O complemento deve ter no máximo 60 caracteres.",
    });
    const noStreet = validateForm(schema, form({ ...values, street: "" }));
    expect(noStreet.ok ? null : noStreet.error).toEqual(missingError("street"));
    // Everything missing at once: the form-wide message, and every field named beside it.
    const empty = validateForm(eventFormSchema({ today: "2026-11-21", cover: false }), form({}));
    expect(empty.ok ? null : empty.error).toEqual(
      missingError(
        "name",
        "eventDate",
        "landingImage",
        "resume",
        "about",
        "uf",
        "city",
        "street",
        "number",
        "neighborhood",
      ),
    );
  });
});

describe("a save that fails", () => {
  it("keeps the form with the spec's message, and the previous photo and name stay", async () => {
    const before = await getVolunteerProfile(volunteerId);
    const photo = await prepareImage(
      new File([new Uint8Array(await makeJpeg({ color: "#be185d" }))], "nova.jpg"),
      "profile",
    );
    const posted = form({ name: "Rita Campos Lima", resume: "x".repeat(1300) });
    // Past the form's limit (as if its check were bypassed), the database's CHECK refuses it.
    const failure = await saveOrFail(posted, "test: profile update", PROFILE_MESSAGES.failed, () =>
      updateVolunteerProfile(volunteerId, {
        name: "Rita Campos Lima",
        uf: "PE",
        city: "Recife",
        summary: "x".repeat(1300),
        photo,
      }),
    );
    expect(failure?.init?.status).toBe(500);
    expect(failure?.data).toEqual({
      error: {
        field: "form",
        message: "Ocorreu um erro ao editar o perfil. Tente novamente mais tarde.",
      },
      values: { name: "Rita Campos Lima", resume: "x".repeat(1300) },
    });
    expect(await getVolunteerProfile(volunteerId)).toEqual(before);
    const [user] = await db
      .select({ name: users.name })
      .from(users)
      .where(eq(users.id, volunteerId));
    expect(user?.name).toBe(VOLUNTEER.name);
    // The new image of the failed save was rolled back with it: no orphan.
    const owned = await db
      .select({ id: images.id })
      .from(images)
      .where(eq(images.ownerId, volunteerId));
    expect(owned).toHaveLength(1);
  });

  it("a successful save replaces the photo and deletes the old one", async () => {
    const [before] = await db
      .select({ photo: volunteers.photoImageId })
      .from(volunteers)
      .where(eq(volunteers.userId, volunteerId));
    const photo = await prepareImage(
      new File([new Uint8Array(await makeJpeg({ color: "#1d4ed8" }))], "nova.jpg"),
      "profile",
    );
    const failure = await saveOrFail(form({}), "test", PROFILE_MESSAGES.failed, () =>
      updateVolunteerProfile(volunteerId, { ...VOLUNTEER, summary: "Gosto de ensinar.", photo }),
    );
    expect(failure).toBeNull();
    const owned = await db
      .select({ id: images.id })
      .from(images)
      .where(eq(images.ownerId, volunteerId));
    expect(owned).toHaveLength(1);
    expect(owned[0]?.id).not.toBe(before?.photo);
  });
});
