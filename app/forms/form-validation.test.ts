import { describe, expect, it } from "vitest";
import { z } from "zod";
import { validateForm } from "./form-validation";
import { FILL_ALL_DATA, missingFieldMessage } from "./missing-fields";

const post = (values: Record<string, string>) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(values)) form.set(name, value);
  return form;
};

const required = z.string({ error: FILL_ALL_DATA }).trim().min(1, FILL_ALL_DATA);
const memberSchema = z.object({
  name: required.max(5, "O nome deve ter no máximo 5 caracteres."),
  street: required,
  number: required,
  uf: required,
  city: required,
});

describe("validateForm", () => {
  it("says a form-wide 'missing' message once and names every failing field, in order", () => {
    const result = validateForm(memberSchema, post({ name: "Nome longo demais", number: "12" }));
    expect(result.ok ? null : result.error).toEqual({
      field: "form",
      message: FILL_ALL_DATA,
      fields: {
        name: "O nome deve ter no máximo 5 caracteres.",
        street: "Informe o logradouro.",
        uf: "Selecione o estado e a cidade.",
        city: "Selecione o estado e a cidade.",
      },
    });
  });

  it("keeps one message at a time where the spec orders them (no form-wide message)", () => {
    const ordered = z.object({
      email: z.string({ error: "Informe o e-mail." }).min(1, "Informe o e-mail."),
      phone: z.string({ error: "Informe o número de telefone." }),
    });
    const result = validateForm(ordered, post({}));
    expect(result.ok ? null : result.error).toEqual({
      field: "email",
      message: "Informe o e-mail.",
    });
  });

  it("names a field it has no words for plainly", () => {
    expect(missingFieldMessage("someNewField")).toBe("Preencha este campo.");
  });
});
