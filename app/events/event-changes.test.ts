import { describe, expect, it } from "vitest";
import { type EventFieldValues, eventChanges } from "./event-changes";

const EVENT: EventFieldValues = {
  name: "Bazar Solidário",
  eventDate: "2027-03-14",
  resume: "Roupas e livros a preço simbólico.",
  about: "Um bazar para arrecadar fundos para a reforma da sede.",
  format: "PRESENCIAL",
  uf: "SP",
  city: "São Paulo",
  street: "Rua das Flores",
  number: "120",
  neighborhood: "Centro",
  complete: "",
  startTime: "",
  endTime: "",
  places: "",
  onlineLink: "",
  causes: "",
  skills: "",
};

describe("eventChanges", () => {
  it("nothing changed: no changes, not moved", () => {
    expect(eventChanges(EVENT, { ...EVENT }, false)).toEqual({
      changes: [],
      dateOrPlaceChanged: false,
    });
  });

  it("texts, format and cover change without moving the event", () => {
    const result = eventChanges(
      EVENT,
      { ...EVENT, resume: "Roupas, livros e brinquedos.", format: "HIBRIDO" },
      true,
    );
    expect(result.dateOrPlaceChanged).toBe(false);
    expect(result.changes).toEqual([
      { field: "Resumo", before: EVENT.resume, after: "Roupas, livros e brinquedos." },
      { field: "Formato", before: "Presencial", after: "Híbrido" },
      { field: "Foto de capa do evento", before: "Foto anterior", after: "Foto alterada" },
    ]);
  });

  it("a new date or any part of the address moves it; dates read dd/MM/yyyy", () => {
    const rescheduled = eventChanges(EVENT, { ...EVENT, eventDate: "2027-04-02" }, false);
    expect(rescheduled).toEqual({
      changes: [{ field: "Data do evento", before: "14/03/2027", after: "02/04/2027" }],
      dateOrPlaceChanged: true,
    });
    for (const field of ["uf", "city", "street", "number", "neighborhood", "complete"] as const) {
      expect(eventChanges(EVENT, { ...EVENT, [field]: "Outro" }, false).dateOrPlaceChanged).toBe(
        true,
      );
    }
  });

  it("a new time moves the event; places are read as the form says them", () => {
    const after = { ...EVENT, startTime: "09:00", endTime: "12:00", places: "20" };
    const { changes, dateOrPlaceChanged } = eventChanges(EVENT, after, false);
    expect(dateOrPlaceChanged).toBe(true);
    expect(changes).toEqual([
      { field: "Horário de início", before: "Dia inteiro", after: "09:00" },
      { field: "Horário de término", before: "Dia inteiro", after: "12:00" },
      { field: "Vagas para voluntários", before: "Sem limite", after: "20" },
    ]);
    expect(eventChanges(EVENT, { ...EVENT, places: "5" }, false).dateOrPlaceChanged).toBe(false);
  });
});
