import { randomBytes } from "node:crypto";
import { eq, lt, sql } from "drizzle-orm";
import { MAX_LENGTH } from "~/config/constants";
import { cookieAttributes } from "~/config/cookie-attributes.server";
import { db } from "~/db/client.server";
import { signupDrafts } from "~/db/schema";
import { AppError } from "~/lib/app-error";
import { asOneLine, asPlainText } from "~/lib/plain-text";
import { tokenDigest } from "~/lib/token-digest";
import { hitRateLimit, RATE_LIMITS, rateLimitedMessage } from "~/security/rate-limit.server";

const COOKIE = "conecta.signup";
const LIFETIME_SECONDS = 60 * 60;

/**
 * What a draft may hold (docs/decisions/0016): the wizard's text fields, each at most this long.
 * docs/spec.md 5 and 9 give e-mail, names, responsible, summaries and about; the rest are the
 * schemas' own limits or the longest a real value takes (a masked phone is 18 characters, a
 * masked CNPJ 18, the longest IBGE municipality name 32). Passwords are never here (the hash has
 * its own column), nor files, nor anything else a post may carry.
 */
export const DRAFT_FIELD_LIMITS = {
  email: MAX_LENGTH.email,
  phone: 20,
  name: MAX_LENGTH.name,
  cnpj: 18,
  responsible: MAX_LENGTH.responsible,
  uf: 2,
  city: 60,
  street: MAX_LENGTH.street,
  number: MAX_LENGTH.number,
  neighborhood: MAX_LENGTH.neighborhood,
  complete: MAX_LENGTH.complement,
  resume: MAX_LENGTH.volunteerSummary,
  about: MAX_LENGTH.institutionAbout,
  contactEmail: MAX_LENGTH.email,
  volunteeringType: 10,
  permitDivulgation: 3,
  /** The terms box of step 2, "on" once ticked (a checkbox posts nothing when unticked). */
  acceptTerms: 2,
  /**
   * Causes (a volunteer's or an institution's) and a volunteer's skills (ADR 0045), as their
   * slugs joined by commas (at most 3 and 6 slugs of up to 23 characters).
   */
  causes: 80,
  skills: 160,
  /** A volunteer's date of birth as typed ("dd/mm/aaaa") and a minor's guardian (ADR 0050). */
  birthDate: 10,
  guardianName: 50,
  guardianEmail: MAX_LENGTH.email,
  /** Where to go once the account exists: an application form (auth/redirects.server.ts). */
  returnTo: 200,
  // Tokens of photos staged for this draft (auth/signup-photos.server.ts, docs/decisions/0029).
  previewImageStaged: 32,
  landingImageStaged: 32,
} as const;

export type DraftField = keyof typeof DRAFT_FIELD_LIMITS;
export type DraftData = Partial<Record<DraftField, string>>;

/** Checkboxes: a post without one means unticked. */
const CHECKBOXES: ReadonlySet<string> = new Set<DraftField>(["acceptTerms"]);

/** Groups of checkboxes: every checked value, kept as one comma-joined text (forms/cause-fields). */
const CHECKBOX_LISTS: ReadonlySet<string> = new Set<DraftField>(["causes", "skills"]);

/** Text areas keep their line breaks; every other field is one line, as an <input> keeps it. */
const MULTILINE: ReadonlySet<string> = new Set<DraftField>(["resume", "about"]);

/**
 * The whole draft's text, as stored (JSON, UTF-8). Every field at its limit in three-byte
 * characters would be about 9 KB, so only a crafted post that fills both profiles' fields with
 * such characters meets it; it keeps a draft's row small whatever the fields' limits become.
 */
export const DRAFT_MAX_BYTES = 8 * 1024;

/** The fields each step shows, and keeps as typed when the person goes back from it. */
const STEP_FIELDS: Record<string, readonly DraftField[]> = {
  "2": ["email", "phone", "acceptTerms"],
  "3-VOLUNTEER": [
    "name",
    "birthDate",
    "guardianName",
    "guardianEmail",
    "uf",
    "city",
    "resume",
    "causes",
    "skills",
    "previewImageStaged",
  ],
  "3-INSTITUTION": [
    "name",
    "cnpj",
    "responsible",
    "uf",
    "city",
    "street",
    "number",
    "neighborhood",
    "complete",
  ],
  "4-INSTITUTION": [
    "resume",
    "about",
    "contactEmail",
    "volunteeringType",
    "permitDivulgation",
    "causes",
    "previewImageStaged",
    "landingImageStaged",
  ],
};

const stepKey = (step: number, profileType: string) =>
  STEP_FIELDS[String(step)] ? String(step) : `${step}-${profileType}`;

/** Where a step's limit is below the field's own: the institution's short summary. */
const STEP_LIMITS: Record<string, Partial<Record<DraftField, number>>> = {
  "4-INSTITUTION": { resume: MAX_LENGTH.institutionSummary },
};

export type SignupDraft = Omit<typeof signupDrafts.$inferSelect, "data"> & { data: DraftData };
export type DraftChanges = Partial<
  Pick<SignupDraft, "step" | "profileType" | "data" | "passwordHash">
>;

export const DRAFT_TOO_LARGE =
  "Os dados do cadastro passaram do tamanho permitido. Encurte os textos e tente novamente.";

/**
 * What the text rule keeps (ADR 0066), wherever the value came from: a single-line field as one
 * clean line, a text area with its line breaks (LF) only. The step's schema refuses such a text
 * with a message; a draft, which only shows it again, just never holds one.
 */
function cleanValue(field: string, value: string, limit: number): string {
  return (MULTILINE.has(field) ? asPlainText(value) : asOneLine(value)).slice(0, limit);
}

/**
 * The text a post carries for one step's own fields, as typed (not validated: it is shown
 * again, never trusted), each cut to the step's limit. Anything else in the post is ignored.
 */
export function typedStepFields(formData: FormData, step: number, profileType: string): DraftData {
  const key = stepKey(step, profileType);
  const typed: DraftData = {};
  for (const field of STEP_FIELDS[key] ?? []) {
    const value = formData.get(field);
    const limit = STEP_LIMITS[key]?.[field] ?? DRAFT_FIELD_LIMITS[field];
    if (CHECKBOXES.has(field)) typed[field] = value === "on" ? "on" : "";
    else if (CHECKBOX_LISTS.has(field)) {
      const checked = formData.getAll(field).filter((item) => typeof item === "string");
      typed[field] = cleanValue(field, checked.join(","), limit);
    } else if (typeof value === "string") typed[field] = cleanValue(field, value, limit);
  }
  return typed;
}

/**
 * What the page of one step shows: that step's fields only (the rest of the draft stays on the
 * server).
 */
export function stepValues(draft: SignupDraft | null, step: number): DraftData {
  if (!draft) return {};
  const key = stepKey(step, draft.profileType);
  const values: DraftData = {};
  for (const field of STEP_FIELDS[key] ?? []) {
    const value = draft.data[field];
    if (value !== undefined) values[field] = value;
  }
  return values;
}

/** Only known fields, as strings within their limits: what a draft row may ever hold or show. */
export function sanitizeDraftData(data: unknown): DraftData {
  const clean: DraftData = {};
  if (!data || typeof data !== "object") return clean;
  for (const [field, value] of Object.entries(data)) {
    if (!Object.hasOwn(DRAFT_FIELD_LIMITS, field) || typeof value !== "string") continue;
    const known = field as DraftField;
    clean[known] = cleanValue(known, value, DRAFT_FIELD_LIMITS[known]);
  }
  return clean;
}

function tokenFrom(request: Request): string | null {
  const header = request.headers.get("cookie") ?? "";
  const match = header.match(
    new RegExp(`(?:^|;\\s*)${COOKIE.replace(".", "\\.")}=([A-Za-z0-9_-]{20,})`),
  );
  return match?.[1] ?? null;
}

function cookie(token: string, maxAge: number): string {
  // Path /auth, not /auth/cadastro: React Router fetches the step data from /auth/cadastro.data.
  return `${COOKIE}=${token}; ${cookieAttributes("/auth")}; Max-Age=${maxAge}`;
}

/** The draft this browser is filling in, if it has one that has not expired. */
export async function readDraft(request: Request): Promise<SignupDraft | null> {
  const token = tokenFrom(request);
  if (!token) return null;
  const [draft] = await db()
    .select()
    .from(signupDrafts)
    .where(eq(signupDrafts.id, tokenDigest(token)))
    .limit(1);
  if (!draft || draft.expiresAt < new Date()) return null;
  // A row written before these rules may hold anything: only known fields come out.
  return { ...draft, data: sanitizeDraftData(draft.data) };
}

/**
 * Saves changes to this browser's draft, creating it when needed. Returns the Set-Cookie header
 * that (re)issues the draft cookie, to be sent with the response. Whatever the caller passes,
 * `data` is stored with known fields only, each within its limit; a draft over DRAFT_MAX_BYTES,
 * or a new draft past the address's limit (`network`: IPv4 address or IPv6 /64), is refused
 * with AppError ("too-large", "rate-limited") and nothing is written.
 */
export async function saveDraft(
  request: Request,
  network: string,
  changes: DraftChanges,
): Promise<string> {
  const expiresAt = new Date(Date.now() + LIFETIME_SECONDS * 1000);
  const values =
    changes.data === undefined ? changes : { ...changes, data: sanitizeDraftData(changes.data) };
  if (values.data && Buffer.byteLength(JSON.stringify(values.data)) > DRAFT_MAX_BYTES) {
    throw new AppError("too-large", DRAFT_TOO_LARGE);
  }
  const existing = await readDraft(request);
  if (existing) {
    await db()
      .update(signupDrafts)
      .set({ ...values, expiresAt })
      .where(eq(signupDrafts.id, existing.id));
    return cookie(tokenFrom(request) as string, LIFETIME_SECONDS);
  }
  const limit = await hitRateLimit(
    `signup-draft:network:${network}`,
    RATE_LIMITS.signupDraftPerNetwork,
  );
  if (!limit.allowed) {
    const { retryAfterSeconds } = limit;
    throw new AppError("rate-limited", rateLimitedMessage(retryAfterSeconds), {
      retryAfterSeconds,
    });
  }
  const token = randomBytes(24).toString("base64url");
  await db()
    .insert(signupDrafts)
    .values({ id: tokenDigest(token), ...values, expiresAt });
  return cookie(token, LIFETIME_SECONDS);
}

/** Forgets the draft (account created, or the person starts over). */
export async function discardDraft(request: Request): Promise<string> {
  const token = tokenFrom(request);
  if (token)
    await db()
      .delete(signupDrafts)
      .where(eq(signupDrafts.id, tokenDigest(token)));
  return cookie("", 0);
}

/**
 * Remembers a photo the browser staged for this draft while its step is still open
 * (routes/auth.fotos.ts): the step shows it again when the person comes back to it through the
 * browser's history, without having posted the step. One field merged into the stored data, so
 * two photos uploaded at once both stay.
 */
export async function rememberStagedPhoto(
  draftId: string,
  field: "previewImageStaged" | "landingImageStaged",
  token: string,
): Promise<void> {
  await db()
    .update(signupDrafts)
    .set({ data: sql`${signupDrafts.data} || jsonb_build_object(${field}::text, ${token}::text)` })
    .where(eq(signupDrafts.id, draftId));
}

export async function pruneExpiredDrafts(): Promise<void> {
  await db().delete(signupDrafts).where(lt(signupDrafts.expiresAt, new Date()));
}
