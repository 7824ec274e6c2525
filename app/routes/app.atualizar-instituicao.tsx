import { prepareImages } from "~/account/member-form.server";
import { EditProfilePage } from "~/components/members/member-form-page";
import { InstitutionProfileFields } from "~/components/members/profile-fields";
import { validateForm } from "~/forms/form-validation";
import { PROFILE_MESSAGES } from "~/forms/member-form-rules";
import {
  getInstitutionProfile,
  updateInstitutionProfile,
} from "~/institutions/institution-profile.server";
import { institutionProfileSchemaFor } from "~/institutions/institution-profile-schema";
import { redirectWithFlash } from "~/web/flash.server";
import { sessionUser } from "~/web/guards.server";
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
  return { profile: await getInstitutionProfile(sessionUser(context).id) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = sessionUser(context);
  const profile = await getInstitutionProfile(user.id);
  const formData = await readFormData(request);
  const parsed = validateForm(institutionProfileSchemaFor(profile), formData);
  if (!parsed.ok) return formFailure(formData, parsed.error);
  const prepared = await prepareImages(user.id, {
    previewImage: { choice: parsed.data.previewImage, kind: "profile" },
    landingImage: { choice: parsed.data.landingImage, kind: "cover" },
  });
  if (!prepared.ok) return refusal(formData, prepared);
  const failed = await saveOrFail(
    formData,
    "institutions: profile update",
    PROFILE_MESSAGES.failed,
    () =>
      updateInstitutionProfile(user.id, {
        ...parsed.data,
        profileImage: prepared.images.previewImage,
        coverImage: prepared.images.landingImage,
      }),
  );
  if (failed) return failed;
  throw redirectWithFlash("/app/instituicao", PROFILE_MESSAGES.saved, "success");
}

export default function EditInstitution({ loaderData, actionData }: Route.ComponentProps) {
  const { profile } = loaderData;
  return (
    <EditProfilePage
      backTo="/app/instituicao"
      label="Área da instituição"
      description="Como a instituição aparece para os voluntários."
      schemas={institutionSchemas}
      schema={(schemas) => schemas.institutionProfileSchemaFor(profile)}
      serverError={actionData?.error}
    >
      {(errorFor) => (
        <InstitutionProfileFields
          values={{ ...profile.values, ...actionData?.values }}
          errorFor={errorFor}
          profileImageUrl={profile.profileImageUrl}
          coverImageUrl={profile.coverImageUrl}
        />
      )}
    </EditProfilePage>
  );
}
