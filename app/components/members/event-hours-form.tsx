import { TextInput } from "~/components/ui/text-input";
import type { FormError } from "~/forms/form-validation";
import type { EventHoursPerson } from "~/hours/event-hours.server";
import { minutesAsInput } from "~/hours/hours-format";
import { MemberForm } from "./member-form";
import { StatusBadge } from "./status-badge";

const loadSchemas = () => import("~/hours/hours-schema");

/**
 * "Confirmar horas" of an event: everyone whose place was confirmed, "Compareceu" checked and
 * the event's length prefilled; one submit saves all. Checked in the browser first by the
 * action's own schema; a plain form, so it works without JavaScript too. A person whose termo
 * does not let hours through yet is listed with what is missing and no fields: the submit leaves
 * them as they are (ADR 0070).
 */
export function EventHoursForm({
  people,
  defaultMinutes,
  error,
  values,
}: {
  people: EventHoursPerson[];
  /** The event's length, or null for a whole-day event ("Horas de cada pessoa" typed once). */
  defaultMinutes: number | null;
  error?: FormError | null;
  /** What was posted, when the post failed: typed text is kept. */
  values?: Record<string, string>;
}) {
  const posted = values !== undefined;
  const prefill = defaultMinutes === null ? "" : minutesAsInput(defaultMinutes);
  return (
    <MemberForm
      schemas={loadSchemas}
      schema={(schemas) => schemas.eventHoursFormSchema}
      serverError={error}
      submitLabel="Confirmar horas de todos"
      className="mt-6 flex flex-col gap-4"
    >
      {(errorFor) => (
        <>
          <input type="hidden" name="intent" value="confirm" />
          {defaultMinutes === null ? (
            <div className="rounded-2xl border border-line bg-white p-4 shadow-card">
              <TextInput
                name="allHours"
                label="Horas de cada pessoa"
                inputMode="decimal"
                hint="Evento de dia inteiro: informe as horas uma vez para todos (ex.: 4, 2,5 ou 2h30). Ajuste abaixo quem ficou um tempo diferente."
                defaultValue={values?.allHours ?? ""}
              />
            </div>
          ) : null}
          <ul className="flex flex-col gap-3">
            {people.map((person) => {
              if (person.waitsFor) return <WaitingPerson key={person.userId} person={person} />;
              const present = posted
                ? values[`present-${person.userId}`] === "on"
                : person.saved?.status !== "ABSENT";
              const hours = posted
                ? (values[`hours-${person.userId}`] ?? "")
                : person.saved?.status === "CONFIRMED"
                  ? minutesAsInput(person.saved.minutes)
                  : prefill;
              return (
                <li
                  key={person.userId}
                  className="rounded-2xl border border-line bg-white p-4 shadow-card"
                >
                  <input type="hidden" name="person" value={person.userId} />
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <div className="min-w-0">
                      <p className="font-semibold break-words text-ink">{person.name}</p>
                      <p className="text-sm break-all text-ink-muted">{person.email}</p>
                    </div>
                    {person.saved ? (
                      <StatusBadge kind="hours" status={person.saved.status} />
                    ) : null}
                  </div>
                  <div className="mt-3 grid items-start gap-3 sm:grid-cols-[1fr_12rem]">
                    <label className="flex min-h-11 items-center gap-3 text-sm font-medium text-ink sm:mt-7">
                      <input
                        type="checkbox"
                        name={`present-${person.userId}`}
                        defaultChecked={present}
                        className="size-5 shrink-0 accent-brand-700 focus-ring"
                      />
                      Compareceu (desmarque se não compareceu)
                    </label>
                    <TextInput
                      name={`hours-${person.userId}`}
                      label={`Horas de ${person.name}`}
                      inputMode="decimal"
                      defaultValue={hours}
                      placeholder={defaultMinutes === null ? "As de cima" : undefined}
                      error={errorFor(`hours-${person.userId}`)}
                    />
                  </div>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </MemberForm>
  );
}

/** Someone whose hours wait for their termo: named, with the reason, nothing to fill in. */
function WaitingPerson({ person }: { person: EventHoursPerson }) {
  return (
    <li className="rounded-2xl border border-dashed border-line bg-white p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold break-words text-ink">{person.name}</p>
          <p className="text-sm break-all text-ink-muted">{person.email}</p>
        </div>
        {person.saved ? <StatusBadge kind="hours" status={person.saved.status} /> : null}
      </div>
      <p className="mt-3 text-sm break-words text-ink-muted">{person.waitsFor}</p>
    </li>
  );
}
