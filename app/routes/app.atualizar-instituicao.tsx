import { prepareImages, resolveCity } from "~/account/member-form.server";
import { InstitutionRecordFields } from "~/components/members/institution-record-fields";
import { EditProfilePage } from "~/components/members/member-form-page";
import { ProposedNameNote, RejectionReason, ReviewNote } from "~/components/members/review-notes";
import { echoedChoices } from "~/forms/choice-list";
import { validateForm } from "~/forms/form-validation";
import { PROFILE_MESSAGES } from "~/forms/member-form-rules";
import { listCityNames, listUfs } from "~/geo/localities.server";
import { INSTITUTION_MESSAGES } from "~/institutions/institution-messages";
import {
  getInstitutionProfile,
  type ProfileUpdateOutcome,
  updateInstitutionProfile,
} from "~/institutions/institution-profile.server";
import {
  INSTITUTION_TEXT_FIELDS,
  institutionProfileSchemaFor,
} from "~/institutions/institution-profile-schema";
import { redirectWithFlash } from "~/web/flash.server";
import { actingMember } from "~/web/institution-guard.server";
import { readFormData } from "~/web/read-form-data.server";
import type { Route } from "./+types/app.atualizar-instituicao";
import { formFailure, refusal, saveOrFail } from "./app.member-form.server";

/** Keeps the Retry-After of a 429 (rate limit) or 503 (image queue full) answer. */
export { passRetryAfter as headers } from "~/web/retry-after";

export function meta({ matches }: Route.MetaArgs) {
  const appName = matches[0]?.loaderData?.config.appName ?? "";
  return [
    { title: `Editar perfil da instituição | ${appName}` },
    { name: "robots", content: "noindex" },
  ];
}

const institutionSchemas = () => import("~/institutions/institution-profile-schema");

export async function loader({ context }: Route.LoaderArgs) {
  const profile = await getInstitutionProfile(actingMember(context).institutionId);
  return {
    profile,
    ufs: listUfs(),
    cities: listCityNames(profile.values.uf) ?? undefined,
  };
}

/**
 * A field the post does not carry keeps its saved value: a page rendered before the form had
 * it (the record's fields came with issue 14) still saves. A field posted empty is missing.
 */
function withSavedTexts(formData: FormData, saved: Record<string, string>): FormData {
  for (const field of INSTITUTION_TEXT_FIELDS) {
    if (!formData.has(field)) formData.set(field, saved[field] ?? "");
  }
  return formData;
}

function savedMessage(outcome: ProfileUpdateOutcome): string {
  if (outcome.resubmitted) return INSTITUTION_MESSAGES.resubmitted;
  if (outcome.nameInReview) return INSTITUTION_MESSAGES.savedNameInReview;
  return PROFILE_MESSAGES.saved;
}

export async function action({ request, context }: Route.ActionArgs) {
  const member = actingMember(context);
  const profile = await getInstitutionProfile(member.institutionId);
  const formData = withSavedTexts(await readFormData(request), { ...profile.values });
  const parsed = validateForm(institutionProfileSchemaFor(profile), formData);
  if (!parsed.ok) return formFailure(formData, parsed.error);
  const location = resolveCity(parsed.data.uf, parsed.data.city);
  if (!location.ok) return formFailure(formData, location.error);
  const prepared = await prepareImages(member.userId, {
    previewImage: { choice: parsed.data.previewImage, kind: "profile" },
    landingImage: { choice: parsed.data.landingImage, kind: "cover" },
  });
  if (!prepared.ok) return refusal(formData, prepared);
  let outcome: ProfileUpdateOutcome | undefined;
  const failed = await saveOrFail(
    formData,
    "institutions: profile update",
    PROFILE_MESSAGES.failed,
    async () => {
      const { previewImage: _, landingImage: __, ...texts } = parsed.data;
      outcome = await updateInstitutionProfile(
        member.institutionId,
        {
          ...texts,
          city: location.city,
          profileImage: prepared.images.previewImage,
          coverImage: prepared.images.landingImage,
        },
        member.userId,
      );
    },
  );
  if (failed || !outcome) return failed;
  throw redirectWithFlash("/app/instituicao", savedMessage(outcome), "success");
}

export default function EditInstitution({ loaderData, actionData }: Route.ComponentProps) {
  const { profile, ufs } = loaderData;
  const values: Record<string, string> = {
    ...profile.values,
    ...echoedChoices(actionData?.values),
  };
  const rejected = profile.status === "REJECTED";
  return (
    <EditProfilePage
      backTo="/app/instituicao"
      label="Área da instituição"
      description="Os dados da instituição e como ela aparece para os voluntários."
      notice={<RecordNotice profile={profile} />}
      schemas={institutionSchemas}
      schema={(schemas) => schemas.institutionProfileSchemaFor(profile)}
      serverError={actionData?.error}
      submitLabel={rejected ? "Salvar e reenviar para análise" : "Salvar alterações"}
    >
      {(errorFor) => (
        <InstitutionRecordFields
          values={values}
          errorFor={errorFor}
          cnpj={profile.cnpj}
          nameNeedsReview={profile.status === "APPROVED"}
          ufs={ufs}
          cities={values.uf === profile.values.uf ? loaderData.cities : undefined}
          profileImageUrl={profile.profileImageUrl}
          coverImageUrl={profile.coverImageUrl}
        />
      )}
    </EditProfilePage>
  );
}

/** Above the form: why the record was refused, or the name still in review. */
function RecordNotice({ profile }: { profile: Route.ComponentProps["loaderData"]["profile"] }) {
  if (profile.status === "REJECTED") {
    return (
      <ReviewNote tone="danger" title="Cadastro não aprovado" className="mb-6">
        <RejectionReason reason={profile.reviewReason} />
        <p className="mt-2">
          Corrija o que for preciso e salve: o cadastro volta para a análise da nossa equipe.
        </p>
      </ReviewNote>
    );
  }
  if (profile.status === "APPROVED" && profile.proposedName) {
    return <ProposedNameNote name={profile.proposedName} className="mb-6" />;
  }
  return null;
}
