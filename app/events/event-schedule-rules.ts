import { z } from "zod";
import { MAX_LENGTH } from "~/config/constants";
import { ruledText } from "~/forms/text-fields";

/**
 * The event form's optional schedule and places (issue 15): a start and an end time (both, or
 * neither for a whole-day event), a number of volunteer places (none: no limit) and the link of
 * an online or hybrid event, which only confirmed participants see.
 */
export const SCHEDULE_MESSAGES = {
  invalidTime: "Horário inválido. Use o formato hh:mm, por exemplo 09:30.",
  bothTimes:
    "Informe o horário de início e o de término, ou deixe os dois em branco para um evento de dia inteiro.",
  endAfterStart: "O horário de término deve ser depois do horário de início.",
  places: "Informe um número de vagas entre 1 e 10000, ou deixe em branco para não limitar.",
  invalidLink: "Informe um link válido, começando com https://.",
  linkRequired:
    "Informe o link da atividade online. Ele só aparece para quem tiver presença confirmada.",
} as const;

const MAX_PLACES = 10_000;

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** A blank field is "not given"; text is trimmed. */
const blankToNull = (value: unknown) => (typeof value === "string" ? value.trim() || null : value);

/** 'HH:MM' (24 h) or null. */
export const timeField = () =>
  z.preprocess(
    blankToNull,
    z.string().regex(TIME, SCHEDULE_MESSAGES.invalidTime).nullable().default(null),
  );

export const placesField = () =>
  z.preprocess(
    blankToNull,
    z
      .string()
      .regex(/^\d{1,5}$/, SCHEDULE_MESSAGES.places)
      .transform(Number)
      .refine((places) => places >= 1 && places <= MAX_PLACES, SCHEDULE_MESSAGES.places)
      .nullable()
      .default(null),
  );

export const onlineLinkField = () =>
  z.preprocess(
    blankToNull,
    // The URL parser drops line breaks and tabs; the stored text must not hold them either.
    ruledText("single-line", "O link")
      .max(MAX_LENGTH.onlineLink, SCHEDULE_MESSAGES.invalidLink)
      .refine(isWebLink, SCHEDULE_MESSAGES.invalidLink)
      .nullable()
      .default(null),
  );

function isWebLink(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === "https:" || url.protocol === "http:") && url.hostname.includes(".");
  } catch {
    return false;
  }
}

/** The rules across fields, added to the form's issues on the field each is about. */
export function checkSchedule(
  values: {
    startTime: string | null;
    endTime: string | null;
    format: string;
    onlineLink: string | null;
  },
  context: z.RefinementCtx,
): void {
  const { startTime, endTime } = values;
  if ((startTime === null) !== (endTime === null)) {
    context.addIssue({
      code: "custom",
      path: [startTime === null ? "startTime" : "endTime"],
      message: SCHEDULE_MESSAGES.bothTimes,
    });
  } else if (startTime !== null && endTime !== null && endTime <= startTime) {
    context.addIssue({
      code: "custom",
      path: ["endTime"],
      message: SCHEDULE_MESSAGES.endAfterStart,
    });
  }
  if (values.format !== "PRESENCIAL" && values.onlineLink === null) {
    context.addIssue({
      code: "custom",
      path: ["onlineLink"],
      message: SCHEDULE_MESSAGES.linkRequired,
    });
  }
}
