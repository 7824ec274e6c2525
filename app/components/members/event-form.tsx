import { AddressBlock } from "~/components/ui/address-block";
import { DateField } from "~/components/ui/date-field";
import { ImageUpload } from "~/components/ui/image-upload";
import type { CityOption, StateOption } from "~/components/ui/localities";
import { RadioGroup } from "~/components/ui/radio-group";
import { TextInput } from "~/components/ui/text-input";
import { MAX_LENGTH } from "~/config/constants";
import { EVENT_FORMAT_OPTIONS } from "~/events/event-format";
import type { FormError } from "~/forms/form-validation";
import { brDateToIso } from "~/forms/masks";
import { removedFieldName } from "~/forms/removed-image-field";
import { stagedFieldName } from "~/forms/staged-image-field";
import { MemberForm } from "./member-form";
import { ResumeAboutFields } from "./profile-fields";

interface EventFormProps {
  /** Text values (the saved event, or what was typed before a failed post). */
  values: Record<string, string>;
  coverUrl: string | null;
  /** Brasília's today (yyyy-MM-dd) from the server, so browser and server agree. */
  today: string;
  states: StateOption[];
  cities?: CityOption[];
  error?: FormError | null;
  submitLabel: string;
}

const eventSchemas = () => import("~/events/event-form-schema");

/** The event form of "Criar evento" and "Editar evento", in the spec's field order. */
export function EventForm({
  values,
  coverUrl,
  today,
  states,
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
          <RadioGroup
            name="format"
            legend="Formato"
            options={EVENT_FORMAT_OPTIONS}
            defaultValue={values.format || "PRESENCIAL"}
            hint="Híbrido: dá para participar no local ou pela internet."
            error={errorFor("format")}
          />
          <fieldset className="flex flex-col gap-4">
            <legend className="mb-3 text-base font-bold text-ink">Endereço do evento</legend>
            <AddressBlock
              states={states}
              cities={cities}
              defaultValues={values}
              errors={{
                location: errorFor("uf") ?? errorFor("city"),
                street: errorFor("street"),
                number: errorFor("number"),
                neighborhood: errorFor("neighborhood"),
                complete: errorFor("complete"),
              }}
            />
          </fieldset>
        </>
      )}
    </MemberForm>
  );
}
