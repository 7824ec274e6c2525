import { redirect } from "react-router";
import { homePathFor } from "~/auth/session-user";
import { currentStepValues, readDraft } from "~/auth/signup-draft.server";
import { FIRST_STEP, totalSteps } from "~/auth/signup-wizard";
import { AuthPage, HOME_LINK } from "~/components/auth/auth-page";
import { SignupProgress } from "~/components/signup/signup-progress";
import {
  CredentialsStep,
  InstitutionDetailsStep,
  InstitutionProfileStep,
  ProfileTypeStep,
  VolunteerProfileStep,
} from "~/components/signup/signup-steps";
import { listMunicipalities, listStates } from "~/geo/localities.server";
import type { RouteHandle } from "~/root";
import { clientContext } from "~/web/request-context.server";
import { sessionContext } from "~/web/session.server";
import type { Route } from "./+types/auth.cadastro";
import { handleSignupStep } from "./auth.cadastro.server";

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

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = context.get(sessionContext);
  if (new URL(request.url).searchParams.get("etapa") === "concluido") {
    if (!user) throw redirect("/auth/cadastro");
    return { step: "done" as const, homePath: homePathFor(user) };
  }
  if (user) throw redirect(homePathFor(user));

  const draft = await readDraft(request);
  const values: Record<string, string> = {
    ...currentStepValues(draft),
    profileType: draft?.profileType ?? "VOLUNTEER",
  };
  return {
    step: draft?.step ?? FIRST_STEP,
    profileType: draft?.profileType ?? "VOLUNTEER",
    totalSteps: totalSteps(draft?.profileType ?? "VOLUNTEER"),
    values,
    passwordOnFile: Boolean(draft?.passwordHash),
    states: listStates(),
    cities: values.uf ? (listMunicipalities(values.uf) ?? undefined) : undefined,
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

  const { step, profileType, totalSteps, passwordOnFile, states, cities } = loaderData;
  const values = { ...loaderData.values, ...actionData?.values };
  const error = actionData?.error;
  const heading = TITLES[String(step)] ?? TITLES[`${step}-${profileType}`];
  const links =
    step === 1 ? [{ to: "/auth/login", label: "Acessar minha conta" }, HOME_LINK] : [HOME_LINK];

  return (
    <AuthPage
      links={links}
      label={`Cadastro · Etapa ${step} de ${totalSteps}`}
      title={heading?.title}
      description={heading?.description}
    >
      {step === 1 && <ProfileTypeStep values={values} error={error} />}
      {step === 2 && (
        <CredentialsStep values={values} error={error} passwordOnFile={passwordOnFile} />
      )}
      {step === 3 && profileType === "VOLUNTEER" && (
        <VolunteerProfileStep values={values} error={error} states={states} cities={cities} />
      )}
      {step === 3 && profileType === "INSTITUTION" && (
        <InstitutionDetailsStep values={values} error={error} states={states} cities={cities} />
      )}
      {step === 4 && <InstitutionProfileStep values={values} error={error} />}
    </AuthPage>
  );
}
