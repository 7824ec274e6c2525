import nodemailer from "nodemailer";
import { describe, expect, it } from "vitest";
import { applicationSchema } from "~/applications/application-schema";
import { forgotPasswordSchema, loginSchema } from "~/auth/login-schemas";
import { credentialsSchema, institutionProfileSchema } from "~/auth/signup-schemas";
import { validateForm } from "~/forms/form-validation";
import {
  FILL_ALL_DATA,
  FILL_ALL_FIELDS,
  FORM_WIDE_MISSING,
  missingFieldMessage,
} from "~/forms/missing-fields";
import { institutionProfileEditSchema } from "~/institutions/institution-profile-schema";
import { isSingleEmailAddress } from "~/lib/email-address";

/**
 * Issue 11, item 4: an e-mail address anywhere is exactly one address. One rule
 * (app/lib/email-address.ts) behind every form's e-mail field, with each form's own message of
 * docs/spec.md 5, and behind the outbox. The last test shows why: what nodemailer, which sends the
 * outbox, makes of the refused values, and that it reads each accepted one as itself.
 */

/** Addresses people have: all accepted. */
const ORDINARY = [
  "maria.silva@teste.org.br",
  "joao+voluntario@exemplo.com",
  "o'neil@exemplo.com.br",
  "ana_souza-2@sub.dominio.gov.br",
  "CONTATO@EXEMPLO.ORG",
  "joão@exemplo.com.br",
  "contato@associação.org.br",
];

/** Each one more than one address, a header, a display name or not an address at all. */
const HOSTILE: [string, string][] = [
  ["a line break and a Bcc header", "vitima@teste.org.br\r\nBcc: todos@atacante.com"],
  ["a bare line feed", "vitima@teste.org.br\nBcc: todos@atacante.com"],
  ["a bare carriage return", "vitima@teste.org.br\rBcc:todos@atacante.com"],
  ["a comma list", "vitima@teste.org.br,outra@atacante.com"],
  ["a comma list with a space", "vitima@teste.org.br, outra@atacante.com"],
  ["a semicolon list", "vitima@teste.org.br;outra@atacante.com"],
  ["a comma in the local part", "vitima,outra@atacante.com"],
  ["a quoted display name", '"Equipe" <outra@atacante.com>'],
  ["a display name without a space", "Equipe<outra@atacante.com>"],
  ["angle brackets only", "<outra@atacante.com>"],
  ["a quoted local part", '"vitima@teste.org.br"@atacante.com'],
  ["a comment", "vitima@teste.org.br(outra@atacante.com)"],
  ["a group", "amigos:outra@atacante.com;"],
  ["a space inside", "vitima @teste.org.br"],
  ["a tab inside", "vitima@teste.\torg.br"],
  ["two @", "vitima@teste.org.br@atacante.com"],
  ["no @", "vitima.teste.org.br"],
  ["no domain", "vitima@"],
  ["no top-level domain", "vitima@localhost"],
  ["a NUL character", "vitima\u0000@teste.org.br"],
  ["a zero-width space", "vitima\u200b@teste.org.br"],
  ["a right-to-left override", "vitima@\u202eteste.org.br"],
  ["a domain literal", "vitima@[127.0.0.1]"],
  ["a backslash", "vitima\\@teste.org.br"],
  ["a leading dot", ".vitima@teste.org.br"],
  ["two dots", "vi..tima@teste.org.br"],
  ["a hyphen at a label's edge", "vitima@-teste.org.br"],
];

/** A chosen file, as the schemas see it (its bytes are the pipeline's business). */
const PICTURE = new File([new Uint8Array([0xff, 0xd8, 0xff])], "foto.jpg");

/** Every form that takes an e-mail, with its field and its own "invalid" message. */
const FORMS = [
  {
    form: "sign-up, credentials",
    schema: credentialsSchema({ passwordOnFile: false }),
    field: "email",
    message: "E-mail inválido.",
    required: "Informe o e-mail.",
    rest: {
      phone: "+55 (11) 912345678",
      password: "senhaForte123",
      confirmPassword: "senhaForte123",
      acceptTerms: "on",
    },
  },
  {
    form: "sign-up, contact e-mail",
    schema: institutionProfileSchema,
    field: "contactEmail",
    message: "E-mail de contato inválido.",
    required: "Informe o e-mail de contato.",
    rest: {
      previewImage: PICTURE,
      landingImage: PICTURE,
      resume: "Apoio escolar no bairro.",
      about: "Sobre a instituição do teste.",
    },
  },
  {
    form: "institution profile edit, contact e-mail",
    schema: institutionProfileEditSchema({ previewImage: true, landingImage: true }),
    field: "contactEmail",
    message: "E-mail de contato inválido.",
    required: FILL_ALL_DATA,
    // The whole record is on the form since issue 14.
    rest: {
      name: "Instituição do Teste",
      responsible: "Ana Lima",
      phone: "+55 (11) 912345678",
      uf: "SP",
      city: "São Paulo",
      street: "Rua A",
      number: "1",
      neighborhood: "Centro",
      resume: "Apoio escolar no bairro.",
      about: "Sobre a instituição do teste.",
    },
  },
  {
    form: "application, reply e-mail",
    schema: applicationSchema,
    field: "replyEmail",
    message: "E-mail inválido.",
    required: FILL_ALL_FIELDS,
    rest: { phone: "+55 (11) 912345678", summary: "Quero ajudar aos sábados." },
  },
  {
    form: "forgot password",
    schema: forgotPasswordSchema,
    field: "email",
    message: "Por favor, insira um e-mail válido.",
    required: "Por favor, insira um e-mail válido.",
    rest: {},
  },
  {
    form: "login and admin login",
    schema: loginSchema,
    field: "email",
    message: "E-mail inválido.",
    required: "Informe o e-mail.",
    rest: { password: "qualquer123" },
  },
] as const;

function post(values: Record<string, string | File>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(values)) form.set(name, value);
  return form;
}

describe("the one e-mail rule", () => {
  it.each(ORDINARY)("accepts %s", (address) => {
    expect(isSingleEmailAddress(address)).toBe(true);
  });

  it.each(HOSTILE)("refuses %s", (_what, value) => {
    expect(isSingleEmailAddress(value)).toBe(false);
  });

  it("holds the length: 64 for the local part, the limit a form passes (docs/spec.md: 50)", () => {
    expect(isSingleEmailAddress(`${"a".repeat(64)}@teste.org.br`)).toBe(true);
    expect(isSingleEmailAddress(`${"a".repeat(65)}@teste.org.br`)).toBe(false);
    const fifty = `${"a".repeat(37)}@teste.org.br`;
    expect(fifty).toHaveLength(50);
    expect(isSingleEmailAddress(fifty, 50)).toBe(true);
    expect(isSingleEmailAddress(`a${fifty}`, 50)).toBe(false);
    expect(isSingleEmailAddress(`${"a".repeat(60)}@${"b".repeat(63)}.${"c".repeat(63)}.org`)).toBe(
      true,
    );
    expect(isSingleEmailAddress(`a@${"b".repeat(64)}.org`)).toBe(false);
  });

  it("is not fooled by values that are not strings", () => {
    for (const value of [undefined, null, 42, ["a@b.org"], { toString: () => "a@b.org" }]) {
      expect(isSingleEmailAddress(value)).toBe(false);
    }
  });
});

describe.each(FORMS)("$form", ({ schema, field, message, required, rest }) => {
  it("keeps the spec's message for a missing e-mail", () => {
    const result = validateForm(schema, post({ ...rest, [field]: "   " }));
    // A form-wide "missing" message is said once, and the field gets its own (issue 13).
    const expected = FORM_WIDE_MISSING.has(required)
      ? { field: "form", message: required, fields: { [field]: missingFieldMessage(field) } }
      : { field, message: required };
    expect(result.ok ? null : result.error).toEqual(expected);
  });

  it.each(HOSTILE)(`refuses %s with its own message`, (_what, value) => {
    const result = validateForm(schema, post({ ...rest, [field]: value }));
    expect(result.ok ? null : result.error).toEqual({ field, message });
  });

  it("refuses 51 characters, accepts 50 (lower-cased, surrounding spaces trimmed)", () => {
    const long = validateForm(
      schema,
      post({ ...rest, [field]: `a${"b".repeat(37)}@teste.org.br` }),
    );
    expect(long.ok ? null : long.error).toEqual({ field, message });
    const address = `Pessoa.${"a".repeat(30)}@Teste.org.br`;
    expect(address).toHaveLength(50);
    const ok = validateForm(schema, post({ ...rest, [field]: `  ${address}\r\n` }));
    expect(ok.ok && (ok.data as Record<string, unknown>)[field]).toBe(address.toLowerCase());
  });
});

describe("nodemailer, which sends the outbox", () => {
  const mailer = nodemailer.createTransport({ jsonTransport: true });
  const envelopeTo = async (to: string) => {
    const info = await mailer.sendMail({ from: "nao-responda@teste.org.br", to, text: "x" });
    return info.envelope.to;
  };

  it("reads each address the rule accepts as exactly that one recipient", async () => {
    for (const address of ORDINARY) {
      const [recipient, ...more] = await envelopeTo(address);
      expect(more, address).toEqual([]);
      // An internationalised domain goes out in punycode: the same domain.
      expect(recipient?.split("@")[0], address).toBe(address.split("@")[0]);
      expect(new URL(`http://${recipient?.split("@")[1]}`).hostname, address).toBe(
        new URL(`http://${address.split("@")[1]}`).hostname,
      );
    }
  });

  it("would read refused values as other or more recipients: why the outbox refuses them", async () => {
    expect(await envelopeTo("vitima@teste.org.br,outra@atacante.com")).toEqual([
      "vitima@teste.org.br",
      "outra@atacante.com",
    ]);
    expect(await envelopeTo("vitima@teste.org.br;outra@atacante.com")).toEqual([
      "vitima@teste.org.br",
      "outra@atacante.com",
    ]);
    expect(await envelopeTo('"Equipe" <outra@atacante.com>')).toEqual(["outra@atacante.com"]);
    expect(await envelopeTo("vitima,outra@atacante.com")).not.toEqual([
      "vitima,outra@atacante.com",
    ]);
  });
});
