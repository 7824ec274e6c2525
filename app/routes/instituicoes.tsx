import { useEffect } from "react";
import { Link } from "react-router";
import { countLocationFilters, DirectoryFilters } from "~/components/public/directory-filters";
import { EmptyState } from "~/components/public/empty-state";
import { InfiniteList } from "~/components/public/infinite-list";
import { InstitutionCard } from "~/components/public/institution-card";
import { ListSearchForm } from "~/components/public/list-search-form";
import { publicPageMeta } from "~/components/public/page-meta";
import { buttonStyles } from "~/components/ui/button-styles";
import { ArrowLeftIcon } from "~/components/ui/icons";
import { SectionHeading } from "~/components/ui/section-heading";
import { useToast } from "~/components/ui/toast";
import { DIRECTORY_MESSAGES } from "~/institutions/directory-messages";
import { loadDirectoryPage } from "~/institutions/directory-page.server";
import { DIRECTORY_PATH } from "~/institutions/directory-query";
import { hasFilters, listHref, listSearchParams } from "~/search/list-query";
import type { Route } from "./+types/instituicoes";

export function meta({ data, matches }: Route.MetaArgs) {
  const page = data?.list.page ?? 1;
  return publicPageMeta({
    config: matches[0]?.loaderData?.config,
    title: page > 1 ? `Instituições beneficentes, página ${page}` : "Instituições beneficentes",
    description:
      "Conheça instituições beneficentes aprovadas em todo o Brasil, filtre por estado, cidade e tipo de voluntariado e escolha onde ajudar.",
    // Searches and filters share the canonical URL of the plain list (only the page counts).
    path: listHref(DIRECTORY_PATH, {}, page),
  });
}

export async function loader({ request }: Route.LoaderArgs) {
  return loadDirectoryPage(new URL(request.url));
}

export default function InstitutionDirectory({ loaderData }: Route.ComponentProps) {
  const { query, list, failed, states, cities } = loaderData;
  const toast = useToast();
  useEffect(() => {
    if (failed) toast.error(DIRECTORY_MESSAGES.failed);
  }, [failed, toast.error]);
  const filterCount = countLocationFilters(query) + (query.tipo ? 1 : 0);

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
          title="Instituições beneficentes"
          description="ONGs aprovadas pela nossa equipe, prontas para receber voluntários. Busque por nome, cidade ou causa."
        />
      </div>
      <ListSearchForm
        path={DIRECTORY_PATH}
        label="Buscar instituições"
        search={query.busca}
        placeholder="Ex.: educação"
        activeFilters={filterCount}
        filters={<DirectoryFilters query={query} states={states} cities={cities} />}
      />
      <section aria-labelledby="resultados" className="flex flex-col gap-5">
        <h2 id="resultados" className="sr-only">
          Resultados
        </h2>
        {failed ? (
          <EmptyState
            tone="error"
            title={DIRECTORY_MESSAGES.failed}
            description="Tente novamente em alguns instantes."
          />
        ) : list.items.length === 0 ? (
          <EmptyState
            title={DIRECTORY_MESSAGES.empty}
            description={
              hasFilters(query)
                ? "Tente outras palavras ou remova alguns filtros."
                : "Ainda não há instituições aprovadas. Volte em breve!"
            }
            action={
              hasFilters(query) ? (
                <Link to={DIRECTORY_PATH} className={buttonStyles({ variant: "secondary" })}>
                  Limpar busca e filtros
                </Link>
              ) : null
            }
          />
        ) : (
          <InfiniteList
            key={listSearchParams(query, list.page).toString()}
            first={list}
            path={DIRECTORY_PATH}
            apiPath="/api/instituicoes"
            query={{ ...query }}
            messages={DIRECTORY_MESSAGES}
            label="Instituições encontradas"
            itemKey={(institution) => institution.id}
            renderItem={(institution) => <InstitutionCard institution={institution} />}
          />
        )}
      </section>
    </div>
  );
}
