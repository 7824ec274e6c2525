import { z } from "zod";
import { MAX_LENGTH, MIN_LENGTH } from "~/config/constants";
import { causesField, skillsField } from "~/forms/cause-fields";
import { complementField } from "~/forms/field-rules";
import { brDateToIso } from "~/forms/masks";
import {
  imageChoice,
  memberLocation,
  memberText,
  withSavedImages,
} from "~/forms/member-form-rules";
import { FILL_ALL_DATA } from "~/forms/missing-fields";
import { EVENT_FORMATS } from "./event-format";
import { checkSchedule, onlineLinkField, placesField, timeField } from "./event-schedule-rules";

export const EVENT_MESSAGES = {
  created: "Evento criado com sucesso!",
  updated: "Evento atualizado e enviado para análise.",
  updatedLive: "Evento atualizado. As alterações já aparecem no site.",
  failed: "Ocorreu um erro inesperado. Tente novamente mais tarde.",
  invalidDate: "Data inválida. Use o formato dd/mm/aaaa.",
  pastDate: "A data do evento não pode estar no passado.",
  notEditable: "Este evento não pode mais ser editado.",
  cancelled: "Evento cancelado.",
  notFound: "Evento não encontrado.",
  format: "Escolha o formato do evento: Presencial, Online ou Híbrido.",
} as const;

const addressText = (max: number, what: string) =>
  memberText("single-line", what, {
    max,
    tooLong: `${what} deve ter no máximo ${max} caracteres.`,
  });

/**
 * "Create event" (docs/spec.md 5): every field but the complement, and the cover, required
 * ("Informe todos os dados"), in the spec's order. The date is typed dd/MM/yyyy (DateField) and
 * may not be before `today` (yyyy-MM-dd, Brasília); the parsed value is the ISO date. When
 * editing, `cover` says an image is saved, so leaving the picker alone keeps it.
 */
export function eventFormSchema(options: { today: string; cover: boolean }) {
  return withSavedImages(
    z
      .object({
        name: memberText("single-line", "O nome do evento", {
          min: MIN_LENGTH.name,
          tooShort: "O nome do evento deve ter pelo menos 3 letras.",
          max: MAX_LENGTH.eventName,
          tooLong: "O nome do evento deve ter no máximo 50 caracteres.",
        }),
        eventDate: z
          .string({ error: FILL_ALL_DATA })
          .trim()
          .min(1, FILL_ALL_DATA)
          .refine((text) => brDateToIso(text) !== null, EVENT_MESSAGES.invalidDate)
          .transform((text) => brDateToIso(text) as string)
          .refine((iso) => iso >= options.today, EVENT_MESSAGES.pastDate),
        landingImage: imageChoice(),
        resume: memberText("multi-line", "O resumo", {
          min: MIN_LENGTH.summary,
          tooShort: "O resumo deve ter pelo menos 10 letras.",
          max: MAX_LENGTH.eventResume,
          tooLong: "O resumo deve ter no máximo 80 caracteres.",
        }),
        about: memberText("multi-line", "O sobre", {
          min: MIN_LENGTH.about,
          tooShort: "O sobre deve ter pelo menos 10 letras.",
          max: MAX_LENGTH.eventAbout,
          tooLong: "O sobre deve ter no máximo 1200 caracteres.",
        }),
        // In person unless said otherwise: a form posted without the choice (older pages) keeps it.
        format: z.preprocess(
          (value) => (value === undefined || value === "" ? "PRESENCIAL" : value),
          z.enum(EVENT_FORMATS, { error: EVENT_MESSAGES.format }),
        ),
        ...memberLocation,
        street: addressText(MAX_LENGTH.street, "O logradouro"),
        number: addressText(MAX_LENGTH.number, "O número"),
        neighborhood: addressText(MAX_LENGTH.neighborhood, "O bairro"),
        // Optional, as an institution's: a square or a park has none (docs/decisions/0027).
        complete: complementField(),
        startTime: timeField(),
        endTime: timeField(),
        places: placesField(),
        onlineLink: onlineLinkField(),
        causes: causesField(),
        skills: skillsField(),
      })
      .superRefine(checkSchedule),
    { landingImage: options.cover },
  );
}
