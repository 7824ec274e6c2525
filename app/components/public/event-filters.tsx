import { SelectField } from "~/components/ui/select-field";
import { TextInput } from "~/components/ui/text-input";
import { EVENT_LIST_FORMATS, EVENT_LIST_RANGES, type EventListQuery } from "~/events/event-list";
import { LocationFilters } from "./directory-filters";

/**
 * The events list's filters: location, when (this week, this month, or a chosen range from "De"
 * to "Até", both ends included) and the format. Posted with the GET search form, so they live in
 * the URL (`periodo`, `de`, `ate`, `formato`) and work without JavaScript.
 */
export function EventFilters({
  query,
  ufs,
  cities,
}: {
  query: EventListQuery;
  ufs: readonly string[];
  cities?: readonly string[];
}) {
  return (
    <div className="flex flex-col gap-4">
      <LocationFilters query={query} ufs={ufs} cities={cities} />
      <div className="grid gap-4 md:grid-cols-2">
        <SelectField
          name="periodo"
          label="Quando"
          placeholder="Qualquer data"
          defaultValue={query.periodo}
          options={EVENT_LIST_RANGES}
          hint="A semana vai de segunda a domingo."
        />
        <SelectField
          name="formato"
          label="Formato"
          placeholder="Todos"
          defaultValue={query.formato}
          options={EVENT_LIST_FORMATS}
          hint="Eventos híbridos aparecem nos dois."
        />
      </div>
      <fieldset className="flex min-w-0 flex-col gap-2">
        <legend className="mb-2 text-sm font-semibold text-ink">Entre as datas</legend>
        <div className="grid grid-cols-2 gap-3 md:max-w-md">
          <TextInput name="de" type="date" label="De" defaultValue={query.de} />
          <TextInput name="ate" type="date" label="Até" defaultValue={query.ate} />
        </div>
      </fieldset>
    </div>
  );
}
