import { describe, expect, it } from "vitest";
import {
  credentialsSchema,
  institutionDetailsSchema,
  institutionProfileSchema,
  volunteerProfileSchema,
} from "~/auth/signup-schemas";
import { cnpjField } from "~/forms/field-rules";
import { validateForm } from "~/forms/form-validation";
import { cnpjCheckDigits, formatCnpj } from "../helpers/accounts";
import { type Edit, type StepWalk, signupWalks } from "../helpers/signup-rules";

/**
 * The wizard's Zod schemas (shared by the browser and the server) walked through the same tables
 * as the browser tests: from an empty step, each fix reveals the next message of docs/spec.md 5, in
 * the spec's order. Messages the server finds in the database (e-mail or CNPJ already taken) are
 * past the schema: there the schema must accept the form.
 */

const walks = signupWalks({
  takenEmail: "ja.cadastrada@teste.org.br",
  freshEmail: "nova.pessoa@teste.org.br",
  takenCnpj: "12.ABC.345/01DE-35",
  freshCnpj: "12.345.678/0001-95",
});

const SCHEMAS: Record<StepWalk["id"], Parameters<typeof validateForm>[0]> = {
  credentials: credentialsSchema({ passwordOnFile: false }),
  "volunteer-profile": volunteerProfileSchema,
  "institution-details": institutionDetailsSchema,
  "institution-profile": institutionProfileSchema,
};

/** What a browser posts for the fields typed so far (radio groups post their default). */
function formData(fields: Map<string, Edit>, defaults: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(defaults)) form.set(name, value);
  // An untouched file input posts an empty file, which counts as missing.
  form.set("previewImage", new File([], ""));
  for (const edit of fields.values()) {
    if (edit.control === "file") {
      form.set(edit.name, new File([new Uint8Array([0xff, 0xd8, 0xff])], "foto.jpg"));
    } else {
      form.set(edit.name, edit.value);
    }
  }
  return form;
}

describe.each(walks)("sign-up step $id", (walk) => {
  const defaults: Record<string, string> =
    walk.id === "institution-profile"
      ? { volunteeringType: "Presencial", permitDivulgation: "Sim" }
      : {};

  it("shows the spec's messages one at a time, in the spec's order", () => {
    const fields = new Map<string, Edit>();
    const seen: (string | null)[] = [];
    for (const rule of walk.rules) {
      for (const edit of rule.edits) fields.set(edit.name, edit);
      const result = validateForm(SCHEMAS[walk.id], formData(fields, defaults));
      const outcome = result.ok ? null : result.error.message;
      // The database checks run once the schema lets the form through: then it must.
      seen.push(rule.server && outcome === null ? rule.message : outcome);
    }
    expect(seen).toEqual(walk.rules.map((rule) => rule.message));
  });
});

describe("CNPJ rule (docs/design.md 7.2)", () => {
  it("accepts the alphanumeric CNPJ of issue 3 and the numeric one, punctuated or not", () => {
    expect(cnpjCheckDigits("12ABC34501DE")).toBe("35");
    const field = cnpjField("O CNPJ é obrigatório.");
    for (const value of ["12.ABC.345/01DE-35", "12abc34501de35", formatCnpj("11222333000181")]) {
      expect(field.safeParse(value).success, value).toBe(true);
    }
    expect(field.safeParse("12.ABC.345/01DE-35").data).toBe("12ABC34501DE35");
  });

  it.each(["12.ABC.345/01DE-36", "11.222.333/0001-80", "12.ABC.345/01DE"])(
    "refuses %s with “CNPJ inválido.”",
    (value) => {
      const result = cnpjField("O CNPJ é obrigatório.").safeParse(value);
      expect(result.error?.issues[0]?.message).toBe("CNPJ inválido.");
    },
  );
});
