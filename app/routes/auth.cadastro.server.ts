import { data } from "react-router";
import { z } from "zod";
import { auth } from "~/auth/auth.server";
import {
  createInstitutionAccount,
  createVolunteerAccount,
  isCnpjRegistered,
  isEmailRegistered,
} from "~/auth/create-account.server";
import { startEmailConfirmation } from "~/auth/email-confirmation.server";
import { safeReturnPath } from "~/auth/redirects.server";
import {
  discardDraft,
  readDraft,
  type SignupDraft,
  saveDraft,
  typedStepFields,
} from "~/auth/signup-draft.server";
import { signupPhoto, stagePostedPhotos } from "~/auth/signup-photos.server";
import {
  credentialsSchema,
  institutionDetailsSchema,
  institutionProfileSchema,
  profileTypeSchema,
  SIGNUP_MESSAGES,
  volunteerProfileSchema,
} from "~/auth/signup-schemas";
import {
  FIRST_STEP,
  reachedStep,
  stepAsking,
  stepPath,
  type WizardMove,
  wizardMove,
} from "~/auth/signup-wizard";
import { emailField, phoneField } from "~/forms/field-rules";
import { type FormError, validateForm } from "~/forms/form-validation";
import { resolveMunicipality } from "~/geo/localities.server";
import { ageFieldsToStore } from "~/guardians/age-rules";
import { AppError, isAppError } from "~/lib/app-error";
import { log } from "~/lib/log.server";
import { hitRateLimit, RATE_LIMITS, rateLimitedMessage } from "~/security/rate-limit.server";
import { refusalOf } from "~/web/app-error.server";
import { readFormData } from "~/web/read-form-data.server";
import { redirect } from "~/web/redirect.server";
import type { Client } from "~/web/request-context.server";
import { retryAfterHeaders } from "~/web/retry-after";

/**
 * The sign-up wizard's server side. Each post names its step and intent ("next" or "back");
 * the draft (signup-draft.server.ts) remembers the furthest step reached and what was typed, and
 * every answer is a redirect to the next step's own address (`?etapa=`), so a refresh, the
 * browser's back and forward, the "Voltar" button and a no-JavaScript browser all land on the
 * right step with its values.
 * Volunteers: 1 profile type, 2 credentials, 3 profile (account created). Institutions:
 * 1, 2, 3 details, 4 profile (account created). Then the progress screen.
 *
 * Nothing in the draft is trusted (docs/decisions/0016): "back" keeps only the step's own fields
 * as typed, and the step that creates the account checks again everything it takes from the
 * draft (e-mail, phone, password hash, the institution's details and city) with the same rules,
 * sending the person back to the step whose data fails them.
 */

export const SIGNUP_FAILURE = "Erro ao finalizar o cadastro. Tente novamente.";
export const SIGNUP_DONE_PATH = "/auth/cadastro?etapa=concluido";

/** Who posts: `ip` for the log, `network` (IPv4 address or IPv6 /64) for per-address limits. */
type Failure = { error: FormError; values: Record<string, string>; step: number };

interface Post {
  request: Request;
  formData: FormData;
  client: Client;
  step: number;
  profileType: string;
}

/**
 * The post's text to show again after a refusal: the step's own fields only (as the draft keeps
 * them), plus the terms box of step 2. Never passwords, files or anything else posted.
 */
function echo(post: Post): Record<string, string> {
  const values: Record<string, string> = typedStepFields(
    post.formData,
    post.step,
    post.profileType,
  );
  return values;
}

/** The step shown again with its message: the posted one, whatever address the post went to. */
const fail = (post: Post, error: FormError, status = 400, headers?: HeadersInit) =>
  data<Failure>({ error, values: echo(post), step: post.step }, { status, headers });

const fieldError = (field: string, message: string): FormError => ({ field, message });

/** 429 with the spec's "Muitas tentativas..." and how long to wait. */
const rateLimited = (post: Post, retryAfterSeconds: number) =>
  fail(
    post,
    fieldError("form", rateLimitedMessage(retryAfterSeconds)),
    429,
    retryAfterHeaders(retryAfterSeconds),
  );

/**
 * Saves the draft and goes to step `to`'s address. `changes.step`, when given, is the furthest
 * step reached from now on.
 */
async function moveTo(
  post: Post,
  to: number,
  changes: Parameters<typeof saveDraft>[2],
): Promise<never> {
  const cookie = await saveDraft(post.request, post.client.network, changes);
  throw redirect(stepPath(to), { headers: { "Set-Cookie": cookie } });
}

/** Moving on to `to`: it becomes the furthest step reached, unless the person had gone further. */
const reaching = (draft: SignupDraft | null, to: number) => Math.max(reachedStep(draft), to);

export async function handleSignupStep(request: Request, client: Client) {
  const formData = await readFormData(request);
  const draft = await readDraft(request);
  const move = wizardMove({
    draft,
    postedStep: Number(formData.get("step")),
    intent: String(formData.get("intent") ?? ""),
  });
  const postedStep = Number(formData.get("step"));
  const step = move.kind === "show" ? reachedStep(draft) : postedStep;
  const post: Post = {
    request,
    formData,
    client,
    step,
    profileType: draft?.profileType ?? "VOLUNTEER",
  };

  try {
    return await take(move, post, draft);
  } catch (error) {
    // The draft refused (too large, or too many new drafts from this address).
    const refused = refusalOf(error);
    if (!refused) throw error;
    if (isAppError(error, "rate-limited")) {
      log.warn({ ip: client.ip, network: client.network }, "sign-up draft rate-limited");
    } else log.warn({ ip: client.ip, step }, "sign-up draft refused: too large");
    return fail(post, refused.error, refused.status, refused.headers);
  }
}

/** Does what the wizard's state machine (auth/signup-wizard.ts) says the post does. */
async function take(move: WizardMove, post: Post, draft: SignupDraft | null) {
  if (move.kind === "back") {
    // What the person typed on this step, shown again when they come back to it; unchecked.
    // The furthest step reached stays: forward is still a step away.
    const typed = typedStepFields(post.formData, post.step, post.profileType);
    const photos = await stagePostedPhotos(post.formData, draft?.id, post.client.network);
    return moveTo(post, move.to, { data: { ...draft?.data, ...typed, ...photos } });
  }
  if (move.kind === "choose-profile") return nextFromProfileType(post, draft, move.to);
  // A post from a step not reached yet (a stale or forged page) shows the furthest step reached.
  if (move.kind === "show" || !draft) throw redirect(stepPath(reachedStep(draft)));
  switch (move.kind) {
    case "credentials":
      return nextFromCredentials(post, draft, move.to);
    case "institution-details":
      return nextFromInstitutionDetails(post, draft, move.to);
    case "create":
      return move.profileType === "VOLUNTEER"
        ? createVolunteer(post, draft)
        : createInstitution(post, draft);
    case "restart":
      return moveTo(post, FIRST_STEP, { step: FIRST_STEP });
  }
}

async function nextFromProfileType(post: Post, draft: SignupDraft | null, to: number) {
  const parsed = validateForm(profileTypeSchema, post.formData);
  if (!parsed.ok) return fail(post, parsed.error);
  const { profileType } = parsed.data;
  // Another profile has other steps ahead: only its credentials are reached.
  const step = draft && draft.profileType !== profileType ? to : reaching(draft, to);
  const returnTo = safeReturnPath(post.formData.get("redirectTo"));
  const data = returnTo ? { ...draft?.data, returnTo } : draft?.data;
  return moveTo(post, to, { step, profileType, ...(data ? { data } : {}) });
}

async function nextFromCredentials(post: Post, draft: SignupDraft, to: number) {
  const parsed = validateForm(
    credentialsSchema({ passwordOnFile: Boolean(draft.passwordHash) }),
    post.formData,
  );
  if (!parsed.ok) return fail(post, parsed.error);

  const limit = await hitRateLimit(
    `email-check:network:${post.client.network}`,
    RATE_LIMITS.emailCheckPerNetwork,
  );
  if (!limit.allowed) return rateLimited(post, limit.retryAfterSeconds);
  if (await isEmailRegistered(parsed.data.email)) {
    return fail(post, fieldError("email", SIGNUP_MESSAGES.emailTaken));
  }
  const passwordHash = parsed.data.password
    ? await (await auth().$context).password.hash(parsed.data.password)
    : draft.passwordHash;
  return moveTo(post, to, {
    step: reaching(draft, to),
    passwordHash,
    data: { ...draft.data, email: parsed.data.email, phone: parsed.data.phone, acceptTerms: "on" },
  });
}

async function nextFromInstitutionDetails(post: Post, draft: SignupDraft, to: number) {
  const parsed = validateForm(institutionDetailsSchema, post.formData);
  if (!parsed.ok) return fail(post, parsed.error);
  const city = resolveMunicipality(parsed.data.uf, parsed.data.city);
  if (!city) return fail(post, fieldError("uf", SIGNUP_MESSAGES.stateAndCity));
  // The answer says whether an institution exists: limited like the e-mail check.
  const limit = await hitRateLimit(
    `cnpj-check:network:${post.client.network}`,
    RATE_LIMITS.cnpjCheckPerNetwork,
  );
  if (!limit.allowed) {
    log.warn({ ip: post.client.ip, network: post.client.network }, "cnpj check rate-limited");
    return rateLimited(post, limit.retryAfterSeconds);
  }
  if (await isCnpjRegistered(parsed.data.cnpj)) {
    return fail(post, fieldError("cnpj", SIGNUP_MESSAGES.cnpjTaken));
  }
  const { complete, ...rest } = parsed.data;
  return moveTo(post, to, {
    step: reaching(draft, to),
    data: { ...draft.data, ...rest, city, complete: complete ?? "" },
  });
}

async function createVolunteer(post: Post, draft: SignupDraft) {
  const parsed = validateForm(volunteerProfileSchema, post.formData);
  if (!parsed.ok) return fail(post, parsed.error);
  const city = resolveMunicipality(parsed.data.uf, parsed.data.city);
  if (!city) return fail(post, fieldError("uf", SIGNUP_MESSAGES.stateAndCity));
  const { network } = post.client;
  return finishSignup(post, draft, async (credentials) =>
    createVolunteerAccount({
      credentials,
      name: parsed.data.name,
      resume: parsed.data.resume,
      uf: parsed.data.uf,
      city,
      causes: parsed.data.causes,
      skills: parsed.data.skills,
      age: ageFieldsToStore(parsed.data),
      photo: await signupPhoto(parsed.data.previewImage, "profile", draft.id, network).catch(
        tagImageError("previewImage"),
      ),
    }),
  );
}

/** Step 3's details from the draft, checked again as on step 3 (the city against IBGE too). */
function institutionDetailsFrom(draft: SignupDraft) {
  const details = institutionDetailsSchema.safeParse(draft.data);
  if (!details.success) return null;
  const city = resolveMunicipality(details.data.uf, details.data.city);
  return city ? { ...details.data, city } : null;
}

async function createInstitution(post: Post, draft: SignupDraft) {
  const parsed = validateForm(institutionProfileSchema, post.formData);
  if (!parsed.ok) return fail(post, parsed.error);
  const details = institutionDetailsFrom(draft);
  if (!details) return moveTo(post, stepAsking("cnpj"), {});
  const { name, cnpj, responsible, ...address } = details;
  const { network } = post.client;
  return finishSignup(post, draft, async (credentials) => {
    // One after the other: each waits for its turn in the image queue anyway.
    const profileImage = await signupPhoto(
      parsed.data.previewImage,
      "profile",
      draft.id,
      network,
    ).catch(tagImageError("previewImage"));
    const coverImage = await signupPhoto(
      parsed.data.landingImage,
      "cover",
      draft.id,
      network,
    ).catch(tagImageError("landingImage"));
    return createInstitutionAccount({
      credentials,
      name,
      cnpj,
      responsible,
      address,
      resume: parsed.data.resume,
      about: parsed.data.about,
      contactEmail: parsed.data.contactEmail,
      volunteeringType: parsed.data.volunteeringType,
      permitDivulgation: parsed.data.permitDivulgation === "Sim",
      causes: parsed.data.causes,
      profileImage,
      coverImage,
    });
  });
}

/** An image refused on upload (AppError) is told on its own field. */
const tagImageError = (field: string) => (error: unknown) => {
  if (error instanceof AppError) {
    const { retryAfterSeconds } = error;
    throw new AppError(error.code, error.message, { field, retryAfterSeconds });
  }
  throw error;
};

/** Step 2's credentials from the draft, checked again with step 2's own field rules. */
const draftCredentialsSchema = z.object({
  email: emailField({ required: "Informe o e-mail.", invalid: "E-mail inválido." }),
  phone: phoneField("Informe o número de telefone."),
});

/**
 * The last step: the draft's credentials checked again, rate limit, create the account in one
 * transaction, open its session, forget the draft, and go to the progress screen. Known
 * failures keep the person on the step; credentials that no longer pass send them to step 2.
 */
async function finishSignup(
  post: Post,
  draft: SignupDraft,
  create: (credentials: { email: string; phone: string; passwordHash: string }) => Promise<string>,
) {
  const credentials = draftCredentialsSchema.safeParse(draft.data);
  if (!credentials.success || !draft.passwordHash) return moveTo(post, stepAsking("email"), {});
  const { email, phone } = credentials.data;
  const limit = await hitRateLimit(
    `sign-up:network:${post.client.network}`,
    RATE_LIMITS.signUpPerNetwork,
  );
  if (!limit.allowed) return rateLimited(post, limit.retryAfterSeconds);

  let userId: string;
  try {
    userId = await create({ email, phone, passwordHash: draft.passwordHash });
  } catch (error) {
    // Someone registered the same e-mail or CNPJ meanwhile; an image refused on its field.
    if (isAppError(error, "conflict")) return conflict(error);
    const refused = refusalOf(error);
    if (refused) return fail(post, refused.error, refused.status, refused.headers);
    log.error({ err: error, email }, "sign-up failed");
    return fail(post, fieldError("form", SIGNUP_FAILURE), 500);
  }
  log.info({ profile: draft.profileType, email, ip: post.client.ip }, "sign-up");
  await startEmailConfirmation(userId).catch((error: unknown) =>
    log.error({ err: error, userId }, "sign-up confirmation e-mail not queued"),
  );

  const headers = new Headers();
  const session = await auth().api.startSessionForNewAccount({
    body: { userId },
    returnHeaders: true,
  });
  for (const cookie of session.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  headers.append("Set-Cookie", await discardDraft(post.request));
  throw redirect(signupDonePath(safeReturnPath(draft.data.returnTo)), { headers });
}

/** The progress screen, then the return address the person came with (if any) or their home. */
function signupDonePath(returnTo: string | null): string {
  return returnTo
    ? `${SIGNUP_DONE_PATH}&redirectTo=${encodeURIComponent(returnTo)}`
    : SIGNUP_DONE_PATH;
}

/** A problem a step's address names (`&erro=`, see conflict below), as that step's message. */
export function addressProblem(code: string | null): FormError | null {
  if (code === "email") return fieldError("email", SIGNUP_MESSAGES.emailTaken);
  if (code === "cnpj") return fieldError("cnpj", SIGNUP_MESSAGES.cnpjTaken);
  return null;
}

/**
 * Someone registered the same e-mail or CNPJ meanwhile: back to the step that asks for it, whose
 * address names the problem (`&erro=email`), so that step shows the message on its field.
 */
function conflict(error: AppError): never {
  const field = error.field === "cnpj" ? "cnpj" : "email";
  throw redirect(`${stepPath(stepAsking(field))}&erro=${field}`);
}
