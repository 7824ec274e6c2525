import { useEffect } from "react";
import { Link } from "react-router";
import { countLocationFilters } from "~/components/public/directory-filters";
import { EmptyState } from "~/components/public/empty-state";
import { EventCard } from "~/components/public/event-card";
import { InfiniteList } from "~/components/public/infinite-list";
import { ListSearchForm } from "~/components/public/list-search-form";
import { publicPageMeta } from "~/components/public/page-meta";
import { PeriodTabs } from "~/components/public/period-tabs";
import { buttonStyles } from "~/components/ui/button-styles";
import { ArrowLeftIcon } from "~/components/ui/icons";
import { SectionHeading } from "~/components/ui/section-heading";
import { StateCityFields } from "~/components/ui/state-city-fields";
import { useToast } from "~/components/ui/toast";
import { EVENT_LIST_MESSAGES } from "~/events/event-list-messages";
import { loadEventListPage } from "~/events/event-list-page.server";
import { EVENTS_PATH } from "~/events/event-list-query";
import { listHref, listSearchParams } from "~/search/list-query";
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

export async function loader({ request }: Route.LoaderArgs) {
  return loadEventListPage(new URL(request.url));
}

export default function EventList({ loaderData }: Route.ComponentProps) {
  const { query, list, failed, states, cities } = loaderData;
  const toast = useToast();
  useEffect(() => {
    if (failed) toast.error(EVENT_LIST_MESSAGES.failed);
  }, [failed, toast.error]);
  const past = query.quando === "passados";
  const filtered = Boolean(query.busca || query.uf || query.cidade);

  return (
    <div className="mx-auto flex max-w-page flex-col gap-8 px-4 py-8 sm:py-12">
      <div className="flex flex-col gap-4">
        <Link
          to="/"
          className="-mx-2 inline-flex min-h-11 items-center gap-2 self-start rounded-lg px-2 font-semibold text-brand-800 hover:bg-brand-50 hover:text-brand-900 focus-ring"
        >
          <ArrowLeftIcon />
          Voltar para início
        </Link>
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
        activeFilters={countLocationFilters(query)}
        hidden={{ quando: query.quando }}
        filters={
          <StateCityFields
            states={states}
            cities={cities}
            defaultUf={query.uf}
            defaultCity={query.cidade}
            ufName="uf"
            cityName="cidade"
          />
        }
      />
      <section aria-labelledby="resultados" className="flex flex-col gap-5">
        <h2 id="resultados" className="sr-only">
          {past ? "Eventos passados" : "Próximos eventos"}
        </h2>
        {failed ? (
          <EmptyState
            tone="error"
            title={EVENT_LIST_MESSAGES.failed}
            description="Tente novamente em alguns instantes."
          />
        ) : list.items.length === 0 ? (
          <EmptyState
            title={EVENT_LIST_MESSAGES.empty}
            description={
              filtered
                ? "Tente outras palavras ou remova alguns filtros."
                : past
                  ? "Nenhum evento aconteceu por aqui ainda."
                  : "Não há eventos marcados agora. Veja os que já aconteceram ou volte em breve!"
            }
            action={
              filtered ? (
                <Link
                  to={listHref(EVENTS_PATH, { quando: query.quando })}
                  className={buttonStyles({ variant: "secondary" })}
                >
                  Limpar busca e filtros
                </Link>
              ) : null
            }
          />
        ) : (
          <InfiniteList
            key={listSearchParams(query, list.page).toString()}
            first={list}
            path={EVENTS_PATH}
            apiPath="/api/eventos"
            query={{ ...query }}
            messages={EVENT_LIST_MESSAGES}
            label={past ? "Eventos passados" : "Próximos eventos"}
            itemKey={(event) => event.id}
            renderItem={(event) => <EventCard event={event} />}
          />
        )}
      </section>
    </div>
  );
}
