import { describe, expect, it } from "vitest";
import { formatIsoDate, formatIsoDateLong, nextDay, todayInBrazil } from "~/events/event-dates";
import { buildIcs, escapeText, foldLine } from "~/events/ics";

const octets = (text: string) => new TextEncoder().encode(text).length;

describe("event dates", () => {
  it("formats a calendar day as dd/MM/yyyy without shifting it through a time zone", () => {
    expect(formatIsoDate("2026-06-01")).toBe("01/06/2026");
    expect(formatIsoDate("2026-12-31")).toBe("31/12/2026");
    expect(formatIsoDateLong("2026-06-14")).toBe("domingo, 14 de junho de 2026");
  });

  it("writes every day of 2024-2030 as pt-BR's Intl formats do", () => {
    const short = new Intl.DateTimeFormat("pt-BR", {
      timeZone: "UTC",
      day: "2-digit",
      month: "2-digit",
      year: "numeric",
    });
    const long = new Intl.DateTimeFormat("pt-BR", {
      timeZone: "UTC",
      weekday: "long",
      day: "numeric",
      month: "long",
      year: "numeric",
    });
    for (let day = new Date("2024-01-01"); day < new Date("2031-01-01"); ) {
      const iso = day.toISOString().slice(0, 10);
      expect(formatIsoDate(iso), iso).toBe(short.format(day));
      expect(formatIsoDateLong(iso), iso).toBe(long.format(day));
      day = new Date(`${nextDay(iso)}T00:00:00Z`);
    }
  });

  it("knows the next day across months and leap years", () => {
    expect(nextDay("2026-01-31")).toBe("2026-02-01");
    expect(nextDay("2028-02-28")).toBe("2028-02-29");
    expect(nextDay("2026-12-31")).toBe("2027-01-01");
  });

  it("takes today in Brasília time, not in UTC", () => {
    // 01:30 UTC on the 15th is still 22:30 on the 14th in São Paulo (UTC-3).
    expect(todayInBrazil(new Date("2026-06-15T01:30:00Z"))).toBe("2026-06-14");
  });
});

describe("iCalendar file", () => {
  it("escapes backslashes, commas, semicolons and newlines in text", () => {
    expect(escapeText("a\\b, c; d\ne\r\nf")).toBe("a\\\\b\\, c\\; d\\ne\\nf");
  });

  it("folds long lines at 75 octets without splitting a character", () => {
    const line = `DESCRIPTION:${"Ação solidária é coração ".repeat(12)}`;
    const folded = foldLine(line);
    const lines = folded.split("\r\n");
    expect(lines.length).toBeGreaterThan(1);
    for (const part of lines) expect(octets(part)).toBeLessThanOrEqual(75);
    for (const part of lines.slice(1)) expect(part.startsWith(" ")).toBe(true);
    expect(lines.map((part, index) => (index === 0 ? part : part.slice(1))).join("")).toBe(line);
  });

  it("builds an all-day VEVENT ending the next day, with CRLF line ends", () => {
    const ics = buildIcs({
      uid: "evento-1@exemplo.org",
      stamp: new Date("2026-05-01T12:00:00Z"),
      date: "2026-06-14",
      summary: "Mutirão, praia; limpeza",
      description: "Linha 1\nLinha 2",
      location: "Rua A, 1, Centro, Recife/PE",
      url: "https://exemplo.org/eventos/1",
      productName: "Conecta Voluntário",
      startTime: null,
      endTime: null,
      sequence: 0,
    });
    expect(ics.endsWith("\r\n")).toBe(true);
    expect(ics.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    const lines = ics.split("\r\n");
    expect(lines[0]).toBe("BEGIN:VCALENDAR");
    expect(lines).toContain("DTSTART;VALUE=DATE:20260614");
    expect(lines).toContain("DTEND;VALUE=DATE:20260615");
    expect(lines).toContain("DTSTAMP:20260501T120000Z");
    expect(lines).toContain("SUMMARY:Mutirão\\, praia\\; limpeza");
    expect(lines).toContain("DESCRIPTION:Linha 1\\nLinha 2");
  });

  it("builds a timed VEVENT in Brasília's zone, whose SEQUENCE rises with each change", () => {
    const event = {
      uid: "evento-2@exemplo.org",
      stamp: new Date("2026-05-01T12:00:00Z"),
      date: "2026-06-14",
      startTime: "09:30:00",
      endTime: "12:00:00",
      summary: "Mutirão",
      description: "",
      location: "Recife/PE",
      url: "https://exemplo.org/eventos/2",
      productName: "Conecta Voluntário",
    };
    const first = buildIcs({ ...event, sequence: 0 }).split("\r\n");
    expect(first).toContain("DTSTART;TZID=America/Sao_Paulo:20260614T093000");
    expect(first).toContain("DTEND;TZID=America/Sao_Paulo:20260614T120000");
    // The zone the TZID names is in the file, UTC-3.
    const zone = first.slice(first.indexOf("BEGIN:VTIMEZONE"), first.indexOf("END:VTIMEZONE") + 1);
    expect(zone).toEqual(expect.arrayContaining(["TZID:America/Sao_Paulo", "TZOFFSETTO:-0300"]));
    expect(first.indexOf("END:VTIMEZONE")).toBeLessThan(first.indexOf("BEGIN:VEVENT"));
    expect(first).toContain("SEQUENCE:0");
    const moved = buildIcs({ ...event, startTime: "14:00", endTime: "17:00", sequence: 1 });
    expect(moved).toContain("UID:evento-2@exemplo.org");
    expect(moved).toContain("SEQUENCE:1");
    expect(moved).toContain("DTSTART;TZID=America/Sao_Paulo:20260614T140000");
  });

  it("keeps hostile member text as data: no control, bidi or raw line break, lines folded", () => {
    const ics = buildIcs({
      uid: "evento-3@exemplo.org",
      stamp: new Date("2026-05-01T12:00:00Z"),
      date: "2026-06-14",
      startTime: null,
      endTime: null,
      summary: "Mutirão\r\nEND:VEVENT\r\nBEGIN:VEVENT\u0007\u202E\u2066x\u2069",
      description: `Sobre\r\n\r\nATTACH:https://mal.example\u000C\u0085\u200F${"ç".repeat(60)}`,
      location: "Rua A\nDTSTART:19000101\tCentro\u2028Recife",
      url: "https://exemplo.org/eventos/3",
      productName: "Conecta Voluntário",
      sequence: 0,
    });
    const lines = ics.split("\r\n");
    expect(ics.replace(/\r\n/g, "")).not.toMatch(/[\p{Cc}\p{Bidi_Control}\u2028\u2029]/u);
    for (const line of lines) expect(octets(line)).toBeLessThanOrEqual(75);
    // One event, whose properties are only ours.
    expect(lines.filter((line) => line === "BEGIN:VEVENT")).toHaveLength(1);
    expect(lines.filter((line) => line.startsWith("DTSTART"))).toHaveLength(1);
    expect(lines.some((line) => line.startsWith("ATTACH"))).toBe(false);
    const unfolded = ics.replace(/\r\n /g, "").split("\r\n");
    expect(unfolded).toContain("SUMMARY:Mutirão END:VEVENT BEGIN:VEVENTx");
    expect(unfolded).toContain("LOCATION:Rua A DTSTART:19000101 Centro Recife");
    expect(unfolded).toContain(
      `DESCRIPTION:Sobre\\n\\nATTACH:https://mal.example${"ç".repeat(60)}`,
    );
  });
});
