import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { deleteAccountSchema } from "~/account/delete-account-schema";
import { composeReason, REASON_MESSAGES } from "~/admin/review-reasons";
import { applicationSchema } from "~/applications/application-schema";
import {
  changePasswordSchema,
  forgotPasswordSchema,
  loginSchema,
  resetPasswordSchema,
} from "~/auth/login-schemas";
import {
  credentialsSchema,
  institutionDetailsSchema,
  institutionProfileSchema,
  profileTypeSchema,
  volunteerProfileSchema,
} from "~/auth/signup-schemas";
import {
  institutionIssueSchema,
  issueCertificateSchema,
  lookupSchema,
  revokeCertificateSchema,
} from "~/certificates/certificate-schema";
import { eventFormSchema } from "~/events/event-form-schema";
import { textFieldRegistry } from "~/forms/text-fields";
import { guardianConsentSchema } from "~/guardians/guardian-consent-schema";
import {
  confirmMonthSchema,
  declineHoursSchema,
  declineManyHoursSchema,
  eventHoursFormSchema,
  logHoursSchema,
} from "~/hours/hours-schema";
import { institutionProfileSchemaFor } from "~/institutions/institution-profile-schema";
import { type TextKind, textRuleMessage } from "~/lib/plain-text";
import { participantMessageSchema } from "~/participation/participant-message-schema";
import { createRandom } from "~/seed/random.server";
import { inviteSchema, roleChangeSchema } from "~/teams/team-schema";
import { volunteerProfileSchemaFor } from "~/volunteers/volunteer-profile-schema";
import { PROJECT_ROOT } from "../../helpers/server";

/**
 * Issue 39, deliverable 1, the fast layer: every form schema's every text field follows the text
 * rule (ADR 0066). The list of forms is checked against the code (every schema an action
 * validates with must be here), and each schema's fields are read from the schema itself, so a
 * new form or a new free-text field cannot be left out: a string field is either built on the
 * rule (and then posted hostile characters below) or named in FORMAT_FIELDS with the check that
 * refuses anything but its format. Seeded: TEXT_RULE_SEED=<n> replays a run.
 */

const SEED = Number(process.env.TEXT_RULE_SEED ?? Date.now() % 2 ** 31);
const ROUNDS = 40;

/** Every schema an action checks a post with, by the name the code calls it. */
const FORMS: Record<string, z.ZodType> = {
  profileTypeSchema,
  credentialsSchema: credentialsSchema({ passwordOnFile: false }),
  institutionDetailsSchema,
  volunteerProfileSchema,
  institutionProfileSchema,
  loginSchema,
  forgotPasswordSchema,
  resetPasswordSchema,
  changePasswordSchema,
  deleteAccountSchema,
  volunteerProfileSchemaFor: volunteerProfileSchemaFor({ photoUrl: null, birthDate: null }),
  institutionProfileSchemaFor: institutionProfileSchemaFor({
    profileImageUrl: null,
    coverImageUrl: null,
  }),
  eventFormSchema: eventFormSchema({ today: "2026-01-01", cover: false }),
  applicationSchema,
  participantMessageSchema,
  logHoursSchema,
  confirmMonthSchema,
  declineHoursSchema,
  declineManyHoursSchema,
  eventHoursFormSchema,
  issueCertificateSchema,
  institutionIssueSchema,
  revokeCertificateSchema,
  lookupSchema,
  guardianConsentSchema,
  inviteSchema,
  roleChangeSchema,
};

/**
 * Schemas the code parses that are not a person's post of free text: the admin's action (its one
 * free text, the reason's details, goes through composeReason, tested below), the credentials
 * read back from a draft (the same fields as credentialsSchema) and one row of the hours form.
 */
const NOT_FORMS = new Set(["actionSchema", "draftCredentialsSchema", "eventEntrySchema"]);

/**
 * Fields that hold no free text: each is refused unless it matches its format, so a control
 * character cannot pass (e-mail: lib/email-address.ts; the rest: their schema or the list the
 * action checks them against).
 */
const FORMAT_FIELDS: Record<string, string> = {
  email: "one e-mail address (lib/email-address.ts)",
  replyEmail: "one e-mail address",
  contactEmail: "one e-mail address",
  guardianEmail: "one e-mail address, checked by guardianRule",
  phone: "digits only",
  cnpj: "letters and digits, check digits",
  password: "a secret, never shown: any character is the person's",
  confirmPassword: "compared with the password",
  currentPassword: "compared with the stored hash",
  newPassword: "a secret",
  token: "a reset token, looked up",
  uf: "two capital letters",
  city: "one of IBGE's municipalities (resolveMunicipality)",
  birthDate: "dd/mm/aaaa",
  eventDate: "dd/mm/aaaa",
  startTime: "hh:mm",
  endTime: "hh:mm",
  places: "digits",
  month: "aaaa-mm",
  hours: "parseHours",
  allHours: "parseHours",
  requestId: "a UUID",
  userId: "a UUID (a team member)",
  id: "a UUID",
  sendId: "a UUID",
  target: "SCOPE:uuid",
  from: "dd/mm/aaaa",
  to: "dd/mm/aaaa",
  codigo: "a certificate code, looked up",
  sha256: "64 hexadecimal digits",
  acceptTerms: "a checkbox",
  declare: "a checkbox",
  includeWaitlist: "a checkbox",
};

/** Free-text fields each form has, by kind: the spec of this test, checked against the schemas. */
const EXPECTED: Record<string, { single?: string[]; multi?: string[] }> = {
  institutionDetailsSchema: {
    single: ["name", "responsible", "street", "number", "neighborhood", "complete"],
  },
  volunteerProfileSchema: { single: ["name", "guardianName"], multi: ["resume"] },
  institutionProfileSchema: { multi: ["resume", "about"] },
  volunteerProfileSchemaFor: { single: ["name", "guardianName"], multi: ["resume"] },
  institutionProfileSchemaFor: {
    single: [
      "name",
      "responsible",
      "representativeName",
      "representativeRole",
      "street",
      "number",
      "neighborhood",
      "complete",
    ],
    multi: ["resume", "about"],
  },
  eventFormSchema: {
    single: ["name", "street", "number", "neighborhood", "complete", "onlineLink"],
    multi: ["resume", "about"],
  },
  applicationSchema: { multi: ["summary"] },
  participantMessageSchema: { single: ["subject"], multi: ["message"] },
  logHoursSchema: { multi: ["description"] },
  confirmMonthSchema: { multi: ["description"] },
  declineHoursSchema: { multi: ["reason"] },
  declineManyHoursSchema: { multi: ["reason"] },
  revokeCertificateSchema: { multi: ["reason"] },
  guardianConsentSchema: { single: ["name"] },
};

// ------------------------------------------------------------------ reading a schema's fields

type Def = { type: string; [key: string]: unknown };
const defOf = (schema: unknown) => (schema as { _zod: { def: Def } })._zod.def;

/** The object a form schema checks (through preprocess, pipe and refinements). */
function shapeOf(schema: z.ZodType): Record<string, z.ZodType> | null {
  const def = defOf(schema);
  if (def.type === "object") return def.shape as Record<string, z.ZodType>;
  if (def.type === "pipe") {
    return shapeOf(def.in as z.ZodType) ?? shapeOf(def.out as z.ZodType);
  }
  return null;
}

/** The string schema a field reads its text with, if it reads one. */
function stringOf(schema: z.ZodType): z.ZodType | null {
  const def = defOf(schema);
  if (def.type === "string") return schema;
  for (const inner of [def.innerType, def.in, def.out]) {
    if (inner) {
      const found = stringOf(inner as z.ZodType);
      if (found) return found;
    }
  }
  return null;
}

interface TextField {
  form: string;
  field: string;
  schema: z.ZodType;
  kind: TextKind;
  subject: string;
}

function textFields(): { fields: TextField[]; unruled: string[] } {
  const fields: TextField[] = [];
  const unruled: string[] = [];
  for (const [form, schema] of Object.entries(FORMS)) {
    const shape = shapeOf(schema);
    if (!shape) throw new Error(`${form}: no object shape found`);
    for (const [field, fieldSchema] of Object.entries(shape)) {
      const text = stringOf(fieldSchema);
      if (!text) continue;
      const rule = textFieldRegistry.get(text);
      if (rule) fields.push({ form, field, schema: fieldSchema, kind: rule.textKind, ...rule });
      else if (!Object.hasOwn(FORMAT_FIELDS, field)) unruled.push(`${form}.${field}`);
    }
  }
  return { fields, unruled };
}

// ------------------------------------------------------------------ hostile characters

const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, index) => String.fromCodePoint(from + index));

/** Each class the rule names, so every run covers each one. */
const CLASSES: Record<string, { characters: string[]; multiLine: "kept" | "refused" }> = {
  "line break": {
    characters: ["\n", "\r", "\r\n", "\n\n", "\u2028", "\u2029"],
    multiLine: "kept",
  },
  tab: { characters: ["\t"], multiLine: "kept" },
  "other C0 control": {
    characters: range(0x00, 0x1f).filter((c) => !["\n", "\r", "\t"].includes(c)),
    multiLine: "refused",
  },
  DEL: { characters: ["\u007f"], multiLine: "refused" },
  "C1 control": { characters: range(0x80, 0x9f), multiLine: "refused" },
  "bidi embedding or override": { characters: range(0x202a, 0x202e), multiLine: "refused" },
  "bidi isolate": { characters: range(0x2066, 0x2069), multiLine: "refused" },
  "bidi mark (LRM, RLM, ALM)": { characters: ["\u200e", "\u200f", "\u061c"], multiLine: "refused" },
};

const BASES = ["Ana Souza", "Rua das Flores", "Mutirão de limpeza", "12", "Sala 2 fundos"];

/** `base` with `character` inside it (never at an end, where trimming would take a space). */
function withInside(base: string, character: string, random: ReturnType<typeof createRandom>) {
  const at = random.int(1, base.length - 1);
  return `${base.slice(0, at)}${character}${base.slice(at)}`;
}

function firstMessage(schema: z.ZodType, value: string): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? "");
}

// ------------------------------------------------------------------ the tests

function sourceFiles(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const file = path.join(directory, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });
}

describe(`one text rule for every form's fields (seed ${SEED})`, () => {
  it("lists every schema the code checks a post with", () => {
    const called = new Set<string>();
    for (const file of sourceFiles(path.join(PROJECT_ROOT, "app"))) {
      const source = readFileSync(file, "utf8");
      for (const match of source.matchAll(/validateForm\(\s*(\w+)/g)) called.add(match[1] ?? "");
      for (const match of source.matchAll(/\b(\w+)\.safeParse\(/g)) called.add(match[1] ?? "");
    }
    // Parameters, not schemas: validateForm's own and the page hook's.
    for (const parameter of ["schema", "pickSchema"]) called.delete(parameter);
    const missing = [...called].filter((name) => !(name in FORMS) && !NOT_FORMS.has(name));
    expect(missing, "schemas an action validates with that this test does not list").toEqual([]);
  });

  it("builds every free-text field on the rule, with the kinds each form's fields need", () => {
    const { fields, unruled } = textFields();
    expect(unruled, "string fields that are neither ruled text nor a known format").toEqual([]);
    const found: Record<string, { single?: string[]; multi?: string[] }> = {};
    for (const { form, field, kind } of fields) {
      const entry = found[form] ?? {};
      const key = kind === "single-line" ? "single" : "multi";
      entry[key] = [...(entry[key] ?? []), field];
      found[form] = entry;
    }
    for (const entry of Object.values(found)) {
      entry.single?.sort();
      entry.multi?.sort();
    }
    const expected = structuredClone(EXPECTED);
    for (const entry of Object.values(expected)) {
      entry.single?.sort();
      entry.multi?.sort();
    }
    expect(found).toEqual(expected);
  });

  it("refuses every class of control, bidi and line-break character in every single-line field, naming the field", () => {
    const random = createRandom(SEED);
    const { fields } = textFields();
    for (const field of fields.filter((each) => each.kind === "single-line")) {
      const message = textRuleMessage(field.subject, "single-line");
      for (const [name, { characters }] of Object.entries(CLASSES)) {
        for (let round = 0; round < ROUNDS / 8; round++) {
          const value = withInside(random.pick(BASES), random.pick(characters), random);
          const where = `${field.form}.${field.field} with a ${name} ${JSON.stringify(value)} (seed ${SEED})`;
          expect(firstMessage(field.schema, value), where).toBe(message);
        }
      }
    }
  });

  it("keeps line breaks (as LF) in every multi-line field and refuses the other classes, naming the field", () => {
    const random = createRandom(SEED + 1);
    const { fields } = textFields();
    for (const field of fields.filter((each) => each.kind === "multi-line")) {
      const message = textRuleMessage(field.subject, "multi-line");
      for (const [name, { characters, multiLine }] of Object.entries(CLASSES)) {
        for (let round = 0; round < ROUNDS / 8; round++) {
          const base = `${random.pick(BASES)} e mais texto`;
          const value = withInside(base, random.pick(characters), random);
          const where = `${field.form}.${field.field} with a ${name} ${JSON.stringify(value)} (seed ${SEED})`;
          if (multiLine === "refused") {
            expect(firstMessage(field.schema, value), where).toBe(message);
            continue;
          }
          const result = field.schema.safeParse(value);
          const stored = result.success ? String(result.data) : null;
          expect(stored, where).not.toBeNull();
          expect(stored, where).not.toMatch(/[\r\t\u2028\u2029]/);
        }
      }
    }
  });

  it("stores CRLF as LF and counts the limit after it (1 200 characters with 20 line breaks fit)", () => {
    const { fields } = textFields();
    const about = fields.find((each) => each.form === "eventFormSchema" && each.field === "about");
    const line = "a".repeat(59);
    const typed = Array.from({ length: 20 }, () => line).join("\r\n");
    expect(typed.replace(/\r\n/g, "\n")).toHaveLength(1199);
    expect(about?.schema.safeParse(typed)).toEqual({
      success: true,
      data: typed.replace(/\r\n/g, "\n"),
    });
  });

  it("refuses the review's examples: a forged clause in a name, RLO, BEL and form feed", () => {
    const named = (form: string, field: string) =>
      textFields().fields.find((each) => each.form === form && each.field === field)
        ?.schema as z.ZodType;
    const nameMessage = textRuleMessage("O nome", "single-line");
    for (const form of ["volunteerProfileSchema", "volunteerProfileSchemaFor"]) {
      const name = named(form, "name");
      expect(firstMessage(name, "Ana\n\n10. PAGAMENTO O voluntário pagará")).toBe(nameMessage);
      expect(firstMessage(name, "Ana\u202eazuoS")).toBe(nameMessage);
      expect(firstMessage(name, "Ana\u0007Souza")).toBe(nameMessage);
      expect(firstMessage(name, "Ana\u000cSouza")).toBe(nameMessage);
    }
    expect(firstMessage(named("eventFormSchema", "street"), "Rua A\n\n10. PAGAMENTO")).toBe(
      textRuleMessage("O logradouro", "single-line"),
    );
  });

  it("refuses control and bidi characters in an admin's rejection details; line breaks become spaces", () => {
    expect(composeReason("institution", "outro", "Fotos\r\ninadequadas, envie outras")).toEqual({
      ok: true,
      reason: "Fotos inadequadas, envie outras",
    });
    for (const details of ["Motivo\u202e longo o bastante", "Motivo\u0007 longo o bastante"]) {
      expect(composeReason("event", "outro", details)).toEqual({
        ok: false,
        message: REASON_MESSAGES.controls,
      });
    }
  });
});
