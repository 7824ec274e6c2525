/**
 * How people take part in an event (events.format): in person, online, or both. The filter of the
 * events list asks for one side; a hybrid event is on both.
 */
export const EVENT_FORMATS = ["PRESENCIAL", "ONLINE", "HIBRIDO"] as const;
export type EventFormat = (typeof EVENT_FORMATS)[number];

export const EVENT_FORMAT_LABELS: Record<EventFormat, string> = {
  PRESENCIAL: "Presencial",
  ONLINE: "Online",
  HIBRIDO: "Híbrido",
};

/** What the form's radio group posts, in its order. */
export const EVENT_FORMAT_OPTIONS = EVENT_FORMATS.map((value) => ({
  value,
  label: EVENT_FORMAT_LABELS[value],
}));

export function isEventFormat(value: unknown): value is EventFormat {
  return (EVENT_FORMATS as readonly unknown[]).includes(value);
}

/** The formats an events-list filter shows: "online" also finds hybrid events, and so does "presencial". */
export function formatsShownBy(filter: "PRESENCIAL" | "ONLINE"): EventFormat[] {
  return [filter, "HIBRIDO"];
}
