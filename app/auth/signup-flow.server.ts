import { data, redirect } from "react-router";
import { resolveMunicipality } from "~/geo/localities.server";
import { ImageRejectedError, processImageUpload } from "~/images/pipeline.server";
import { echoValues, type FormError, validateForm } from "~/lib/forms";
import { log } from "~/lib/log.server";
import { readFormData } from "~/lib/read-form-data.server";
import { hitRateLimit, RATE_LIMITED_MESSAGE, RATE_LIMITS } from "~/security/rate-limit.server";
import { auth } from "./auth.server";
import {
  AccountConflictError,
  createInstitutionAccount,
  createVolunteerAccount,
  isCnpjRegistered,
  isEmailRegistered,
} from "./create-account.server";
import { discardDraft, readDraft, type SignupDraft, saveDraft } from "./signup-draft.server";
import {
  credentialsSchema,
  institutionDetailsSchema,
  institutionProfileSchema,
  profileTypeSchema,
  SIGNUP_MESSAGES,
  volunteerProfileSchema,
} from "./signup-schemas";

/**
 * The sign-up wizard's server side. Each post names its step and intent ("next" or "back");
 * the draft (signup-draft.server.ts) remembers the step and what was typed, so a refresh, the
 * back control and a no-JavaScript browser all land on the right step with their values.
 * Volunteers: 1 profile type, 2 credentials, 3 profile (account created). Institutions:
 * 1, 2, 3 details, 4 profile (account created). Then the progress screen.
 */

export const SIGNUP_FAILURE = "Erro ao finalizar o cadastro. Tente novamente.";
export const SIGNUP_DONE_PATH = "/auth/cadastro?etapa=concluido";

type Failure = { error: FormError; values: Record<string, string> };

const fail = (formData: FormData, error: FormError, status = 400) =>
  data<Failure>({ error, values: echoValues(formData) }, { status });

const fieldError = (field: string, message: string): FormError => ({ field, message });

export function lastStep(profileType: string): number {
  return profileType === "INSTITUTION" ? 4 : 3;
}

export async function handleSignupStep(request: Request, ip: string) {
  const formData = await readFormData(request);
  const draft = await readDraft(request);
  const step = draft?.step ?? 1;
  // A post from a stale tab (another step) just shows the current step again.
  if (Number(formData.get("step")) !== step) throw redirect("/auth/cadastro");

  if (formData.get("intent") === "back") {
    const typed = echoValues(formData, ["step", "intent", "acceptTerms"]);
    const cookie = await saveDraft(request, {
      step: Math.max(1, step - 1),
      data: { ...draft?.data, ...typed },
    });
    throw redirect("/auth/cadastro", { headers: { "Set-Cookie": cookie } });
  }

  if (step === 1) return nextFromProfileType(request, formData);
  if (!draft) throw redirect("/auth/cadastro");
  if (step === 2) return nextFromCredentials(request, formData, draft, ip);
  if (draft.profileType === "VOLUNTEER") return createVolunteer(request, formData, draft, ip);
  if (step === 3) return nextFromInstitutionDetails(request, formData, draft);
  return createInstitution(request, formData, draft, ip);
}

async function nextFromProfileType(request: Request, formData: FormData) {
  const parsed = validateForm(profileTypeSchema, formData);
  if (!parsed.ok) return fail(formData, parsed.error);
  const cookie = await saveDraft(request, { step: 2, profileType: parsed.data.profileType });
  throw redirect("/auth/cadastro", { headers: { "Set-Cookie": cookie } });
}

async function nextFromCredentials(
  request: Request,
  formData: FormData,
  draft: SignupDraft,
  ip: string,
) {
  const parsed = validateForm(
    credentialsSchema({ passwordOnFile: Boolean(draft.passwordHash) }),
    formData,
  );
  if (!parsed.ok) return fail(formData, parsed.error);

  const limit = await hitRateLimit(`email-check:ip:${ip}`, RATE_LIMITS.emailCheckPerIp);
  if (!limit.allowed) return fail(formData, fieldError("form", RATE_LIMITED_MESSAGE), 429);
  if (await isEmailRegistered(parsed.data.email)) {
    return fail(formData, fieldError("email", SIGNUP_MESSAGES.emailTaken));
  }
  const passwordHash = parsed.data.password
    ? await (await auth().$context).password.hash(parsed.data.password)
    : draft.passwordHash;
  const cookie = await saveDraft(request, {
    step: 3,
    passwordHash,
    data: { ...draft.data, email: parsed.data.email, phone: parsed.data.phone },
  });
  throw redirect("/auth/cadastro", { headers: { "Set-Cookie": cookie } });
}

async function nextFromInstitutionDetails(
  request: Request,
  formData: FormData,
  draft: SignupDraft,
) {
  const parsed = validateForm(institutionDetailsSchema, formData);
  if (!parsed.ok) return fail(formData, parsed.error);
  const city = resolveMunicipality(parsed.data.uf, parsed.data.city);
  if (!city) return fail(formData, fieldError("uf", SIGNUP_MESSAGES.stateAndCity));
  if (await isCnpjRegistered(parsed.data.cnpj)) {
    return fail(formData, fieldError("cnpj", SIGNUP_MESSAGES.cnpjTaken));
  }
  const { complete, ...rest } = parsed.data;
  const cookie = await saveDraft(request, {
    step: 4,
    data: { ...draft.data, ...rest, city, complete: complete ?? "" },
  });
  throw redirect("/auth/cadastro", { headers: { "Set-Cookie": cookie } });
}

async function createVolunteer(
  request: Request,
  formData: FormData,
  draft: SignupDraft,
  ip: string,
) {
  const parsed = validateForm(volunteerProfileSchema, formData);
  if (!parsed.ok) return fail(formData, parsed.error);
  const city = resolveMunicipality(parsed.data.uf, parsed.data.city);
  if (!city) return fail(formData, fieldError("uf", SIGNUP_MESSAGES.stateAndCity));
  return finishSignup(request, formData, draft, ip, async (credentials) =>
    createVolunteerAccount({
      credentials,
      name: parsed.data.name,
      resume: parsed.data.resume,
      uf: parsed.data.uf,
      city,
      photo: await processImageUpload(parsed.data.previewImage, "profile"),
    }),
  );
}

async function createInstitution(
  request: Request,
  formData: FormData,
  draft: SignupDraft,
  ip: string,
) {
  const parsed = validateForm(institutionProfileSchema, formData);
  if (!parsed.ok) return fail(formData, parsed.error);
  const details = institutionDetailsSchema.safeParse(draft.data);
  if (!details.success) {
    const cookie = await saveDraft(request, { step: 3 });
    throw redirect("/auth/cadastro", { headers: { "Set-Cookie": cookie } });
  }
  const { name, cnpj, responsible, ...address } = details.data;
  return finishSignup(request, formData, draft, ip, async (credentials) => {
    const [profileImage, coverImage] = await Promise.all([
      processImageUpload(parsed.data.previewImage, "profile").catch(tagImageError("previewImage")),
      processImageUpload(parsed.data.landingImage, "cover").catch(tagImageError("landingImage")),
    ]);
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
      profileImage,
      coverImage,
    });
  });
}

class FieldImageError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

const tagImageError = (field: string) => (error: unknown) => {
  if (error instanceof ImageRejectedError) throw new FieldImageError(field, error.message);
  throw error;
};

/**
 * The last step: rate limit, create the account in one transaction, open its session, forget
 * the draft, and go to the progress screen. Known failures keep the person on the step.
 */
async function finishSignup(
  request: Request,
  formData: FormData,
  draft: SignupDraft,
  ip: string,
  create: (credentials: { email: string; phone: string; passwordHash: string }) => Promise<string>,
) {
  const { email, phone } = draft.data;
  if (!email || !phone || !draft.passwordHash) {
    const cookie = await saveDraft(request, { step: 2 });
    throw redirect("/auth/cadastro", { headers: { "Set-Cookie": cookie } });
  }
  const limit = await hitRateLimit(`sign-up:ip:${ip}`, RATE_LIMITS.signUpPerIp);
  if (!limit.allowed) return fail(formData, fieldError("form", RATE_LIMITED_MESSAGE), 429);

  let userId: string;
  try {
    userId = await create({ email, phone, passwordHash: draft.passwordHash });
  } catch (error) {
    if (error instanceof ImageRejectedError)
      return fail(formData, fieldError("previewImage", error.message));
    if (error instanceof FieldImageError)
      return fail(formData, fieldError(error.field, error.message));
    if (error instanceof AccountConflictError) return conflict(request, formData, error.field);
    log.error({ err: error, email }, "sign-up failed");
    return fail(formData, fieldError("form", SIGNUP_FAILURE), 500);
  }
  log.info({ profile: draft.profileType, email, ip }, "sign-up");

  const headers = new Headers();
  const session = await auth().api.startSessionForNewAccount({
    body: { userId },
    returnHeaders: true,
  });
  for (const cookie of session.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  headers.append("Set-Cookie", await discardDraft(request));
  throw redirect(SIGNUP_DONE_PATH, { headers });
}

/** Someone registered the same e-mail or CNPJ meanwhile: back to the step that asks for it. */
async function conflict(request: Request, formData: FormData, field: "email" | "cnpj") {
  const step = field === "email" ? 2 : 3;
  const cookie = await saveDraft(request, { step });
  const message = field === "email" ? SIGNUP_MESSAGES.emailTaken : SIGNUP_MESSAGES.cnpjTaken;
  return data<Failure>(
    { error: fieldError(field, message), values: echoValues(formData) },
    { status: 409, headers: { "Set-Cookie": cookie } },
  );
}
