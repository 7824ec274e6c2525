import { afterLoginPath, safeReturnPath, signUpReason } from "~/auth/redirects.server";
import { readDraft, stepValues } from "~/auth/signup-draft.server";
import { SIGNUP_PATH, stepPath, stepToShow, totalSteps } from "~/auth/signup-wizard";
import { AuthPage, HOME_LINK } from "~/components/auth/auth-page";
import { ReturnNotice } from "~/components/auth/return-notice";
import { SignupProgress } from "~/components/signup/signup-progress";
import {
  CredentialsStep,
  InstitutionDetailsStep,
  InstitutionProfileStep,
  ProfileTypeStep,
  VolunteerProfileStep,
} from "~/components/signup/signup-steps";
import { listCityNames, listUfs } from "~/geo/localities.server";
import type { RouteHandle } from "~/root";
import { redirect } from "~/web/redirect.server";
import { clientContext } from "~/web/request-context.server";
import { sessionContext } from "~/web/session.server";
import type { Route } from "./+types/auth.cadastro";
import { addressProblem, handleSignupStep } from "./auth.cadastro.server";
import { returnTarget } from "./return-target.server";

export const handle: RouteHandle = { layout: "bare" };

/** Keeps the Retry-After of a 429 (rate limit) or 503 (image queue full) answer. */
export { passRetryAfter as headers } from "~/web/retry-after";

export function meta({ matches }: Route.MetaArgs) {
  const appName = matches[0]?.loaderData?.config.appName ?? "";
  return [
    { title: `Cadastro | ${appName}` },
    {
      name: "description",
      content: "Crie sua conta de voluntário ou de instituição. O cadastro é gratuito.",
    },
  ];
}

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const user = context.get(sessionContext);
  const params = url.searchParams;
  const returnTo = safeReturnPath(params.get("redirectTo"));
  if (params.get("etapa") === "concluido") {
    if (!user) throw redirect(SIGNUP_PATH);
    return { step: "done" as const, homePath: afterLoginPath(returnTo, user) };
  }
  if (user) throw redirect(afterLoginPath(returnTo, user));

  const draft = await readDraft(request);
  const target = stepToShow(draft, params.get("etapa"));
  if ("redirectTo" in target) throw redirect(stepPath(target.redirectTo));
  const step = target.show;
  const profileType = draft?.profileType ?? "VOLUNTEER";
  const values: Record<string, string> = { ...stepValues(draft, step), profileType };
  const pendingReturn = returnTo ?? safeReturnPath(draft?.data.returnTo);
  return {
    step,
    profileType,
    totalSteps: totalSteps(profileType),
    values,
    problem: addressProblem(params.get("erro")),
    // Step 1 carries a return address given in this address into the draft.
    returnTo,
    reason: signUpReason(await returnTarget(pendingReturn)),
    passwordOnFile: Boolean(draft?.passwordHash),
    ufs: listUfs(),
    cities: values.uf ? (listCityNames(values.uf) ?? undefined) : undefined,
  };
}

export function action({ request, context }: Route.ActionArgs) {
  return handleSignupStep(request, context.get(clientContext));
}

const TITLES: Record<string, { title: string; description: string }> = {
  "1": {
    title: "Escolha o tipo de cadastro",
    description: "Você quer ajudar como voluntário ou divulgar vagas como instituição?",
  },
  "2": { title: "Crie sua conta", description: "Comece agora a sua jornada no voluntariado." },
  "3-VOLUNTEER": {
    title: "Conte um pouco sobre você",
    description: "Essas informações aparecem no seu perfil.",
  },
  "3-INSTITUTION": {
    title: "Dados da instituição",
    description: "Quem é a instituição e onde ela fica.",
  },
  "4-INSTITUTION": {
    title: "Perfil da instituição",
    description: "Como a instituição vai aparecer para os voluntários.",
  },
};

export default function Signup({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.step === "done") return <SignupProgress homePath={loaderData.homePath} />;

  const { profileType, totalSteps, passwordOnFile, ufs, cities, reason } = loaderData;
  // A refused post shows the step it was for, whatever address it was sent to.
  const step = actionData?.step ?? loaderData.step;
  const values = { ...loaderData.values, ...actionData?.values };
  const error = actionData?.error ?? loaderData.problem;
  const heading = TITLES[String(step)] ?? TITLES[`${step}-${profileType}`];
  const returnTo = loaderData.returnTo;
  const loginPath = returnTo
    ? `/auth/login?redirectTo=${encodeURIComponent(returnTo)}`
    : "/auth/login";
  const links =
    step === 1 ? [{ to: loginPath, label: "Acessar minha conta" }, HOME_LINK] : [HOME_LINK];

  return (
    <AuthPage
      links={links}
      label={`Cadastro · Etapa ${step} de ${totalSteps}`}
      title={heading?.title}
      description={heading?.description}
    >
      <ReturnNotice text={reason} />
      {step === 1 && <ProfileTypeStep values={values} error={error} returnTo={returnTo} />}
      {step === 2 && (
        <CredentialsStep values={values} error={error} passwordOnFile={passwordOnFile} />
      )}
      {step === 3 && profileType === "VOLUNTEER" && (
        <VolunteerProfileStep values={values} error={error} ufs={ufs} cities={cities} />
      )}
      {step === 3 && profileType === "INSTITUTION" && (
        <InstitutionDetailsStep values={values} error={error} ufs={ufs} cities={cities} />
      )}
      {step === 4 && <InstitutionProfileStep values={values} error={error} />}
    </AuthPage>
  );
}
