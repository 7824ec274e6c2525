import { BackHomeLink } from "~/components/public/back-home-link";
import { CauseFilterChips } from "~/components/public/cause-filter-chips";
import { EventCard } from "~/components/public/event-card";
import { EventFilters } from "~/components/public/event-filters";
import { ListResults } from "~/components/public/list-results";
import { ListSearchForm } from "~/components/public/list-search-form";
import { publicPageMeta } from "~/components/public/page-meta";
import { PeriodTabs } from "~/components/public/period-tabs";
import { SectionHeading } from "~/components/ui/section-heading";
import { causesEmptyText } from "~/config/causes";
import { countEventFilters, EVENT_LIST_MESSAGES, EVENTS_PATH } from "~/events/event-list";
import { loadEventListPage } from "~/events/event-list.server";
import { listHref } from "~/lists/list-query";
import type { Route } from "./+types/eventos";

export function meta({ data, matches }: Route.MetaArgs) {
  const page = data?.list.page ?? 1;
  const past = data?.query.quando === "passados";
  const title = past ? "Eventos passados" : "Eventos beneficentes";
  return publicPageMeta({
    config: matches[0]?.loaderData?.config,
    title: page > 1 ? `${title}, página ${page}` : title,
    description:
      "Mutirões, campanhas, feiras e ações solidárias de instituições beneficentes aprovadas. Encontre um evento perto de você e participe.",
    path: listHref(EVENTS_PATH, { quando: data?.query.quando ?? "" }, page),
  });
}

export async function loader({ url }: Route.LoaderArgs) {
  return loadEventListPage(url);
}

export default function EventList({ loaderData }: Route.ComponentProps) {
  const { query, list, total, failed, ufs, cities } = loaderData;
  const past = query.quando === "passados";
  const filtered = Boolean(query.busca) || countEventFilters(query) > 0 || query.causa.length > 0;

  return (
    <div className="mx-auto flex max-w-page flex-col gap-8 px-4 py-8 sm:py-12">
      <div className="flex flex-col gap-4">
        <BackHomeLink next={{ to: "/instituicoes", label: "Ver instituições" }} />
        <SectionHeading
          as="h1"
          title="Eventos"
          description="Ações solidárias das instituições aprovadas: escolha uma data, vá até lá e ajude."
        />
        <PeriodTabs query={query} />
      </div>
      <ListSearchForm
        path={EVENTS_PATH}
        label="Buscar eventos"
        search={query.busca}
        placeholder="Ex.: mutirão"
        activeFilters={countEventFilters(query)}
        hidden={{ quando: query.quando, causa: query.causa }}
        filters={<EventFilters query={query} ufs={ufs} cities={cities} />}
      />
      <CauseFilterChips path={EVENTS_PATH} query={query} chosen={query.causa} />
      <ListResults
        list={list}
        failed={failed}
        total={total}
        countNouns={["evento", "eventos"]}
        messages={EVENT_LIST_MESSAGES}
        emptyDescription={
          query.causa.length > 0
            ? causesEmptyText(query.causa)
            : filtered
              ? "Tente outras palavras ou remova alguns filtros."
              : past
                ? "Nenhum evento aconteceu por aqui ainda."
                : "Não há eventos marcados agora. Veja os que já aconteceram ou volte em breve!"
        }
        clearHref={filtered ? listHref(EVENTS_PATH, { quando: query.quando }) : null}
        path={EVENTS_PATH}
        apiPath="/api/eventos"
        query={{ ...query }}
        label={past ? "Eventos passados" : "Próximos eventos"}
        itemKey={(event) => event.id}
        renderItem={(event) => <EventCard event={event} />}
      />
    </div>
  );
}
