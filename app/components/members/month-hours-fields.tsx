import type { ErrorFor } from "~/components/members/member-form";
import { SelectField } from "~/components/ui/select-field";
import { TextArea } from "~/components/ui/text-area";
import { TextInput } from "~/components/ui/text-input";
import { recentMonths } from "~/hours/hours-format";
import { HOURS_LIMITS } from "~/hours/hours-limits";

/**
 * The fields of a month of an ongoing activity (ADR 0051), the same on both sides: the volunteer
 * logs it in "Minha jornada" (choosing the institution), the institution confirms it directly
 * (choosing the volunteer). Each side names the person and the description its own way.
 */
export function MonthHoursFields({
  people,
  personLabel,
  descriptionLabel,
  thisMonth,
  values,
  errorFor,
}: {
  /** The accepted applications to log against, named by the other party. */
  people: { requestId: string; name: string }[];
  personLabel: string;
  descriptionLabel: string;
  /** "YYYY-MM" in Brasília: the month chosen at first, the last one offered. */
  thisMonth: string;
  /** What the person sent, when the post came back with an error. */
  values: Record<string, string | undefined>;
  errorFor: ErrorFor;
}) {
  return (
    <>
      <SelectField
        name="requestId"
        label={personLabel}
        options={people.map((person) => ({ value: person.requestId, label: person.name }))}
        defaultValue={values.requestId ?? (people.length === 1 ? people[0]?.requestId : "")}
        error={errorFor("requestId")}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField
          name="month"
          label="Mês"
          options={recentMonths(thisMonth)}
          defaultValue={values.month ?? thisMonth}
          error={errorFor("month")}
        />
        <TextInput
          name="hours"
          label="Horas no mês"
          inputMode="decimal"
          hint="Ex.: 4, 2,5 ou 2h30"
          defaultValue={values.hours}
          error={errorFor("hours")}
        />
      </div>
      <TextArea
        name="description"
        label={descriptionLabel}
        rows={3}
        maxLength={HOURS_LIMITS.text}
        defaultValue={values.description}
        error={errorFor("description")}
      />
    </>
  );
}
