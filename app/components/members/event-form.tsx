import { DateField } from "~/components/ui/date-field";
import { ImageUpload } from "~/components/ui/image-upload";
import { RadioGroup } from "~/components/ui/radio-group";
import { TextInput } from "~/components/ui/text-input";
import { MAX_LENGTH } from "~/config/constants";
import { EVENT_FORMAT_OPTIONS } from "~/events/event-format";
import type { FormError } from "~/forms/form-validation";
import { brDateToIso } from "~/forms/masks";
import { removedFieldName } from "~/forms/removed-image-field";
import { stagedFieldName } from "~/forms/staged-image-field";
import { AddressFields } from "./address-fields";
import { CauseSkillFields } from "./cause-skill-fields";
import { MemberForm } from "./member-form";
import { ResumeAboutFields } from "./profile-fields";

interface EventFormProps {
  /** Text values (the saved event, or what was typed before a failed post). */
  values: Record<string, string>;
  coverUrl: string | null;
  /** Brasília's today (yyyy-MM-dd) from the server, so browser and server agree. */
  today: string;
  ufs: readonly string[];
  cities?: readonly string[];
  error?: FormError | null;
  submitLabel: string;
}

const eventSchemas = () => import("~/events/event-form-schema");

/** The event form of "Criar evento" and "Editar evento", in the spec's field order. */
export function EventForm({
  values,
  coverUrl,
  today,
  ufs,
  cities,
  error,
  submitLabel,
}: EventFormProps) {
  return (
    <MemberForm
      schemas={eventSchemas}
      schema={(schemas) => schemas.eventFormSchema({ today, cover: Boolean(coverUrl) })}
      serverError={error}
      withFiles
      submitLabel={submitLabel}
    >
      {(errorFor) => (
        <>
          <TextInput
            name="name"
            label="Nome do evento"
            maxLength={MAX_LENGTH.eventName}
            defaultValue={values.name}
            error={errorFor("name")}
          />
          <DateField
            name="eventDate"
            label="Data do evento"
            min={today}
            defaultValue={brDateToIso(values.eventDate ?? "") ?? ""}
            error={errorFor("eventDate")}
          />
          <fieldset className="flex flex-col gap-3">
            <legend className="mb-1 text-base font-bold text-ink">Horário (opcional)</legend>
            <p className="text-sm text-ink-muted">
              Em branco, o evento vale o dia inteiro. Horário de Brasília.
            </p>
            <div className="grid grid-cols-2 gap-4">
              <TextInput
                name="startTime"
                type="time"
                label="Início"
                defaultValue={values.startTime}
                error={errorFor("startTime")}
              />
              <TextInput
                name="endTime"
                type="time"
                label="Término"
                defaultValue={values.endTime}
                error={errorFor("endTime")}
              />
            </div>
          </fieldset>
          <TextInput
            name="places"
            inputMode="numeric"
            pattern="[0-9]*"
            maxLength={5}
            label="Vagas para voluntários (opcional)"
            hint="Em branco, sem limite. Com as vagas preenchidas, quem chegar entra na lista de espera."
            defaultValue={values.places}
            error={errorFor("places")}
          />
          <ImageUpload
            name="landingImage"
            variant="landing"
            label="Foto de capa do evento"
            defaultImageUrl={coverUrl}
            removeName={removedFieldName("landingImage")}
            stagedToken={values[stagedFieldName("landingImage")]}
            error={errorFor("landingImage")}
          />
          <ResumeAboutFields values={values} errorFor={errorFor} subject="event" />
          <CauseSkillFields
            values={values}
            errorFor={errorFor}
            legends={{ causes: "Causas (opcional)", skills: "Habilidades desejáveis (opcional)" }}
            hints={{
              causes: "O evento aparece no filtro de cada causa escolhida.",
              skills: "Ajudam voluntários a saber como contribuir.",
            }}
          />
          <RadioGroup
            name="format"
            legend="Formato"
            options={EVENT_FORMAT_OPTIONS}
            defaultValue={values.format || "PRESENCIAL"}
            hint="Híbrido: dá para participar no local ou pela internet."
            error={errorFor("format")}
          />
          <TextInput
            name="onlineLink"
            type="url"
            inputMode="url"
            maxLength={MAX_LENGTH.onlineLink}
            label="Link da atividade online"
            hint="Para eventos online ou híbridos. Só aparece para quem tiver presença confirmada."
            defaultValue={values.onlineLink}
            error={errorFor("onlineLink")}
          />
          <fieldset className="flex flex-col gap-4">
            <legend className="mb-3 text-base font-bold text-ink">Endereço do evento</legend>
            <AddressFields values={values} errorFor={errorFor} ufs={ufs} cities={cities} />
          </fieldset>
        </>
      )}
    </MemberForm>
  );
}
