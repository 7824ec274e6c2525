import { EmailInput } from "~/components/ui/email-input";
import { UserIcon } from "~/components/ui/icons";
import { ImageUpload } from "~/components/ui/image-upload";
import { RadioGroup } from "~/components/ui/radio-group";
import { StateCityFields } from "~/components/ui/state-city-fields";
import { TextArea } from "~/components/ui/text-area";
import { TextInput } from "~/components/ui/text-input";
import { MAX_LENGTH, VOLUNTEERING_TYPE_LABELS } from "~/config/constants";
import { removedFieldName } from "~/forms/removed-image-field";
import { stagedFieldName } from "~/forms/staged-image-field";
import { AgeFields } from "./age-fields";
import { CauseSkillFields } from "./cause-skill-fields";

/** Where "Editar perfil" keeps the volunteer's causes and skills ("Para você" links there). */
export const INTERESTS_ANCHOR = "interesses";

/**
 * The profile fields a volunteer or an institution fills in at sign-up and edits later, so both
 * forms ask the same things in the same words. A saved photo is shown and, once removed
 * ("Excluir foto"), the form says so with `<field>Removed=true`.
 */

type ErrorFor = (field: string) => string | undefined;

export interface FieldsProps {
  values: Record<string, string | undefined>;
  errorFor: ErrorFor;
}

/**
 * The picture on file (removable), and a photo already staged for this form (kept by the
 * sign-up draft, or echoed after a refused post: docs/decisions/0029).
 */
function savedPhoto(field: string, url: string | null | undefined, values: FieldsProps["values"]) {
  const stagedToken = values[stagedFieldName(field)];
  return {
    ...(url ? { defaultImageUrl: url, removeName: removedFieldName(field) } : {}),
    ...(stagedToken ? { stagedToken } : {}),
  };
}

export function VolunteerProfileFields({
  values,
  errorFor,
  ufs,
  cities,
  photoUrl,
}: FieldsProps & { ufs: readonly string[]; cities?: readonly string[]; photoUrl?: string | null }) {
  return (
    <>
      <ImageUpload
        name="previewImage"
        error={errorFor("previewImage")}
        {...savedPhoto("previewImage", photoUrl, values)}
      />
      <TextInput
        name="name"
        label="Nome"
        autoComplete="name"
        maxLength={MAX_LENGTH.name}
        defaultValue={values.name}
        icon={<UserIcon />}
        error={errorFor("name")}
      />
      <AgeFields values={values} errorFor={errorFor} />
      <StateCityFields
        ufs={ufs}
        cities={cities}
        defaultUf={values.uf}
        defaultCity={values.city}
        error={errorFor("uf") ?? errorFor("city")}
      />
      <TextArea
        name="resume"
        label="Resumo"
        hint="Conte suas experiências, interesses e como gostaria de ajudar."
        maxLength={MAX_LENGTH.volunteerSummary}
        defaultValue={values.resume}
        error={errorFor("resume")}
      />
      {/* Optional (ADR 0045): asked here at sign-up and in "Editar perfil", no step added.
          "Para você" links to them (#interesses); the group keeps the form's own spacing. */}
      <div id={INTERESTS_ANCHOR} className="flex scroll-mt-24 flex-col gap-5">
        <CauseSkillFields
          values={values}
          errorFor={errorFor}
          legends={{
            causes: "Causas que você apoia (opcional)",
            skills: "Suas habilidades (opcional)",
          }}
          hints={{
            causes: "Ajudam a encontrar eventos do seu interesse.",
            skills: "As instituições veem o que você sabe fazer.",
          }}
        />
      </div>
    </>
  );
}

/** "Resumo" (short, for cards) and "Sobre" (long) of an institution or an event. */
export function ResumeAboutFields({
  values,
  errorFor,
  subject,
}: FieldsProps & { subject: "institution" | "event" }) {
  const event = subject === "event";
  return (
    <>
      <TextArea
        name="resume"
        label="Resumo"
        hint={
          event
            ? "Uma frase que apresente o evento nos cartões da lista."
            : "Uma frase que apresente a instituição nos cartões de busca."
        }
        rows={2}
        maxLength={event ? MAX_LENGTH.eventResume : MAX_LENGTH.institutionSummary}
        defaultValue={values.resume}
        error={errorFor("resume")}
      />
      <TextArea
        name="about"
        label={event ? "Sobre o evento" : "Sobre"}
        hint={
          event
            ? "O que vai acontecer, para quem é e como ajudar."
            : "A história, as causas e o trabalho da instituição."
        }
        maxLength={event ? MAX_LENGTH.eventAbout : MAX_LENGTH.institutionAbout}
        defaultValue={values.about}
        error={errorFor("about")}
      />
    </>
  );
}

export function InstitutionProfileFields({
  values,
  errorFor,
  profileImageUrl,
  coverImageUrl,
}: FieldsProps & { profileImageUrl?: string | null; coverImageUrl?: string | null }) {
  return (
    <>
      <ImageUpload
        name="previewImage"
        error={errorFor("previewImage")}
        {...savedPhoto("previewImage", profileImageUrl, values)}
      />
      <ImageUpload
        name="landingImage"
        variant="landing"
        error={errorFor("landingImage")}
        {...savedPhoto("landingImage", coverImageUrl, values)}
      />
      <ResumeAboutFields values={values} errorFor={errorFor} subject="institution" />
      <RadioGroup
        name="volunteeringType"
        legend="Tipo de voluntariado"
        options={VOLUNTEERING_TYPE_LABELS}
        defaultValue={values.volunteeringType ?? "Presencial"}
        error={errorFor("volunteeringType")}
      />
      <EmailInput
        name="contactEmail"
        label="E-mail de contato para candidatos"
        defaultValue={values.contactEmail}
        error={errorFor("contactEmail")}
      />
    </>
  );
}
