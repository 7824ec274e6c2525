import { prepareImages, resolveCity } from "~/account/member-form.server";
import { EditProfilePage } from "~/components/members/member-form-page";
import { VolunteerProfileFields } from "~/components/members/profile-fields";
import { echoedChoices, listText } from "~/forms/choice-list";
import { validateForm } from "~/forms/form-validation";
import { isoToBrDate } from "~/forms/masks";
import { PROFILE_MESSAGES } from "~/forms/member-form-rules";
import { listCityNames, listUfs } from "~/geo/localities.server";
import { ageFieldsToStore } from "~/guardians/age-rules";
import { getVolunteerProfile, updateVolunteerProfile } from "~/volunteers/volunteer-profile.server";
import { volunteerProfileSchemaFor } from "~/volunteers/volunteer-profile-schema";
import { redirectWithFlash } from "~/web/flash.server";
import { sessionUser } from "~/web/guards.server";
import { readFormData } from "~/web/read-form-data.server";
import type { Route } from "./+types/app.atualizar-voluntario";
import { formFailure, refusal, saveOrFail } from "./app.member-form.server";

/** Keeps the Retry-After of a 429 (rate limit) or 503 (image queue full) answer. */
export { passRetryAfter as headers } from "~/web/retry-after";

export function meta({ matches }: Route.MetaArgs) {
  const appName = matches[0]?.loaderData?.config.appName ?? "";
  return [{ title: `Editar perfil | ${appName}` }, { name: "robots", content: "noindex" }];
}

const volunteerSchemas = () => import("~/volunteers/volunteer-profile-schema");

export async function loader({ context }: Route.LoaderArgs) {
  const profile = await getVolunteerProfile(sessionUser(context).id);
  return { profile, ufs: listUfs(), cities: listCityNames(profile.uf) ?? undefined };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = sessionUser(context);
  const profile = await getVolunteerProfile(user.id);
  const formData = await readFormData(request);
  const parsed = validateForm(volunteerProfileSchemaFor(profile), formData);
  if (!parsed.ok) return formFailure(formData, parsed.error);
  const location = resolveCity(parsed.data.uf, parsed.data.city);
  if (!location.ok) return formFailure(formData, location.error);
  const prepared = await prepareImages(user.id, {
    previewImage: { choice: parsed.data.previewImage, kind: "profile" },
  });
  if (!prepared.ok) return refusal(formData, prepared);
  const failed = await saveOrFail(
    formData,
    "volunteers: profile update",
    PROFILE_MESSAGES.failed,
    () =>
      updateVolunteerProfile(user.id, {
        name: parsed.data.name,
        uf: parsed.data.uf,
        city: location.city,
        summary: parsed.data.resume,
        photo: prepared.images.previewImage,
        causes: parsed.data.causes,
        skills: parsed.data.skills,
        age: ageFieldsToStore(parsed.data),
      }),
  );
  if (failed) return failed;
  throw redirectWithFlash("/app/voluntario", PROFILE_MESSAGES.saved, "success");
}

export default function EditVolunteer({ loaderData, actionData }: Route.ComponentProps) {
  const { profile, ufs } = loaderData;
  const values: Record<string, string> = {
    name: profile.name,
    uf: profile.uf,
    city: profile.city,
    resume: profile.summary,
    causes: listText(profile.causes),
    skills: listText(profile.skills),
    birthDate: profile.birthDate ? isoToBrDate(profile.birthDate) : "",
    guardianName: profile.guardianName ?? "",
    guardianEmail: profile.guardianEmail ?? "",
    ...echoedChoices(actionData?.values),
  };
  return (
    <EditProfilePage
      backTo="/app/voluntario"
      label="Área do voluntário"
      description="Essas informações aparecem para as instituições quando você se candidata."
      schemas={volunteerSchemas}
      schema={(schemas) => schemas.volunteerProfileSchemaFor(profile)}
      serverError={actionData?.error}
    >
      {(errorFor) => (
        <VolunteerProfileFields
          values={values}
          errorFor={errorFor}
          ufs={ufs}
          cities={values.uf === profile.uf ? loaderData.cities : undefined}
          photoUrl={profile.photoUrl}
        />
      )}
    </EditProfilePage>
  );
}
