import { z } from "zod";
import { requiredText } from "~/forms/text-fields";
import { parseHours } from "./hours-format";
import { HOURS_LIMITS, HOURS_MESSAGES } from "./hours-limits";

/**
 * The hours forms (issue 16, item 3; ADR 0051): the same schemas check in the browser and in
 * the action, with the limits and texts of hours-limits.ts.
 */

/** Hours typed as "4", "2,5" or "2h30", as minutes between 1 and `max`. */
export function hoursField(maxMinutes: number, tooLong: string) {
  return z
    .string({ error: HOURS_MESSAGES.hoursRequired })
    .trim()
    .min(1, HOURS_MESSAGES.hoursRequired)
    .transform((text, context) => {
      const minutes = parseHours(text);
      if (minutes === null) {
        context.addIssue({ code: "custom", message: HOURS_MESSAGES.hoursInvalid });
        return z.NEVER;
      }
      if (minutes === 0) {
        context.addIssue({ code: "custom", message: HOURS_MESSAGES.zero });
        return z.NEVER;
      }
      if (minutes > maxMinutes) {
        context.addIssue({ code: "custom", message: tooLong });
        return z.NEVER;
      }
      return minutes;
    });
}

/**
 * "2026-11": a month, stored as its first day. Which months are allowed (from the application's
 * acceptance to this month) is the domain's rule (ongoing-hours.server.ts), which knows both.
 */
const monthField = z
  .string({ error: HOURS_MESSAGES.monthRequired })
  .trim()
  .min(1, HOURS_MESSAGES.monthRequired)
  .regex(/^2\d{3}-(0[1-9]|1[0-2])$/, HOURS_MESSAGES.monthRequired);

const descriptionField = requiredText(
  "multi-line",
  "A descrição",
  {
    required: HOURS_MESSAGES.descriptionRequired,
    tooShort: HOURS_MESSAGES.descriptionShort,
    tooLong: HOURS_MESSAGES.descriptionLong,
  },
  { min: 3, max: HOURS_LIMITS.text },
);

/** The volunteer logs a month of an ongoing activity (an accepted application). */
export const logHoursSchema = z.object({
  requestId: z.uuid(HOURS_MESSAGES.activityRequired),
  month: monthField,
  hours: hoursField(HOURS_LIMITS.monthMinutes, HOURS_MESSAGES.monthTooLong),
  description: descriptionField,
});

export type LogHoursInput = z.output<typeof logHoursSchema>;

/** The institution confirms a month of an accepted application directly. */
export const confirmMonthSchema = logHoursSchema;

/** "Recusar" needs a reason the volunteer reads. */
export const declineHoursSchema = z.object({
  id: z.uuid(HOURS_MESSAGES.notFound),
  reason: requiredText(
    "multi-line",
    "O motivo",
    {
      required: HOURS_MESSAGES.reasonRequired,
      tooShort: HOURS_MESSAGES.reasonShort,
      tooLong: HOURS_MESSAGES.reasonLong,
    },
    { min: 3, max: HOURS_LIMITS.text },
  ),
});

/**
 * "Recusar" of many pending months at once, with one reason: the checked rows (`ids`), or every
 * row the page showed (`shown`) when the person chose "Recusar todas as exibidas" (`scope=all`).
 */
export const declineManyHoursSchema = z
  .object({
    scope: z.enum(["selected", "all"]).default("selected"),
    ids: z.union([z.uuid(), z.array(z.uuid())]).optional(),
    shown: z.union([z.uuid(), z.array(z.uuid())]).optional(),
    reason: declineHoursSchema.shape.reason,
  })
  .transform((values, context) => {
    const ids = [...new Set([values.scope === "all" ? values.shown : values.ids].flat())].filter(
      (id): id is string => typeof id === "string",
    );
    if (ids.length === 0) {
      context.addIssue({ code: "custom", path: ["ids"], message: HOURS_MESSAGES.noneSelected });
      return z.NEVER;
    }
    if (ids.length > HOURS_LIMITS.declineMany) {
      context.addIssue({ code: "custom", path: ["ids"], message: HOURS_MESSAGES.tooManySelected });
      return z.NEVER;
    }
    return { ids, reason: values.reason };
  });

/** An event's hours for one person: present with hours, or "Não compareceu". */
export const eventEntrySchema = z.discriminatedUnion("present", [
  z.object({
    present: z.literal(true),
    minutes: hoursField(HOURS_LIMITS.eventMinutes, HOURS_MESSAGES.eventTooLong),
  }),
  z.object({ present: z.literal(false) }),
]);

export type EventEntry = { userId: string } & (
  | { present: true; minutes: number }
  | { present: false }
);

/**
 * The event hours form: per person a hidden `person` (their id), a "Compareceu" checkbox
 * `present-<id>` and hours `hours-<id>`; `allHours` fills the rows left blank (a whole-day
 * event has no length to prefill). The first failing row's message is named after its field,
 * so it shows next to that person's hours. Read as the list of entries.
 */
export const eventHoursFormSchema = z
  .looseObject({
    person: z.union([z.string(), z.array(z.string())], { error: HOURS_MESSAGES.nobody }),
    allHours: z.string().optional(),
  })
  .transform((values, context) => {
    const entries: EventEntry[] = [];
    for (const userId of new Set([values.person].flat())) {
      const present = values[`present-${userId}`] === "on";
      const typed = values[`hours-${userId}`];
      const hours = typeof typed === "string" ? typed : (values.allHours ?? "");
      const parsed = eventEntrySchema.safeParse(
        present ? { present, minutes: hours } : { present },
      );
      if (!parsed.success) {
        context.addIssue({
          code: "custom",
          path: [`hours-${userId}`],
          message: parsed.error.issues[0]?.message ?? HOURS_MESSAGES.hoursInvalid,
        });
        return z.NEVER;
      }
      entries.push(
        parsed.data.present
          ? { userId, present: true, minutes: parsed.data.minutes }
          : { userId, present: false },
      );
    }
    return entries;
  });

/** The first day of a "2026-11" month. */
export const monthStart = (month: string) => `${month}-01`;
