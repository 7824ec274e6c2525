import { describe, expect, it } from "vitest";
import { calendarEntry, googleCalendarUrl } from "./calendar-entry";
import { buildIcs } from "./ics";

const EVENT = {
  name: "Mutirão; limpeza, praia",
  eventDate: "2026-12-31",
  startTime: null,
  endTime: null,
  resume: "Vamos limpar a praia.",
  about: "Traga luvas.\nHaverá água.",
  institutionName: "Instituto Maré",
  street: "Av. Atlântica",
  number: "100",
  complement: "",
  neighborhood: "Copacabana",
  city: "Rio de Janeiro",
  state: "RJ",
  cep: "22010000",
};
const URL_OF_PAGE = "https://conecta.example/eventos/123";

/** A property's value inside the VEVENT (the VTIMEZONE has a DTSTART of its own). */
function icsValue(ics: string, name: string): string {
  const unfolded = ics.replace(/\r\n /g, "");
  const vevent = unfolded.slice(unfolded.indexOf("BEGIN:VEVENT"));
  return new RegExp(`^${name}[^:]*:(.*)$`, "m").exec(vevent)?.[1]?.trim() ?? "";
}

describe("calendar entries", () => {
  it("gives the Google Calendar link the same days, text and place as the .ics", () => {
    const entry = calendarEntry(EVENT, URL_OF_PAGE);
    const ics = buildIcs({
      ...entry,
      uid: "x@y",
      stamp: new Date(0),
      productName: "Conecta",
      sequence: 0,
    });
    const link = new URL(googleCalendarUrl(entry));
    expect(link.origin + link.pathname).toBe("https://calendar.google.com/calendar/render");
    expect(link.searchParams.get("action")).toBe("TEMPLATE");
    // A whole day, the day after exclusive, as in DTSTART/DTEND (year end rolls over).
    expect(link.searchParams.get("dates")).toBe(
      `${icsValue(ics, "DTSTART")}/${icsValue(ics, "DTEND")}`,
    );
    expect(link.searchParams.get("dates")).toBe("20261231/20270101");
    expect(link.searchParams.get("ctz")).toBe("America/Sao_Paulo");
    expect(link.searchParams.get("text")).toBe(EVENT.name);
    expect(link.searchParams.get("details")).toBe(entry.description);
    expect(link.searchParams.get("details")).toContain(URL_OF_PAGE);
    expect(link.searchParams.get("location")).toBe(entry.location);
    expect(icsValue(ics, "LOCATION")).toBe(entry.location.replace(/,/g, "\\,"));
  });

  it("gives a timed event the same start and end in both, in Brasília's zone", () => {
    const entry = calendarEntry(
      { ...EVENT, startTime: "09:30:00", endTime: "12:00:00" },
      URL_OF_PAGE,
    );
    const ics = buildIcs({
      ...entry,
      uid: "x@y",
      stamp: new Date(0),
      productName: "C",
      sequence: 3,
    });
    const link = new URL(googleCalendarUrl(entry));
    expect(link.searchParams.get("dates")).toBe("20261231T093000/20261231T120000");
    expect(link.searchParams.get("dates")).toBe(
      `${icsValue(ics, "DTSTART")}/${icsValue(ics, "DTEND")}`,
    );
    expect(link.searchParams.get("ctz")).toBe("America/Sao_Paulo");
    expect(ics).toContain("DTSTART;TZID=America/Sao_Paulo:20261231T093000");
  });
});
