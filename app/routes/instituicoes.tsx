import { BackHomeLink } from "~/components/public/back-home-link";
import { CauseFilterChips } from "~/components/public/cause-filter-chips";
import { countLocationFilters, DirectoryFilters } from "~/components/public/directory-filters";
import { InstitutionCard } from "~/components/public/institution-card";
import { ListResults } from "~/components/public/list-results";
import { ListSearchForm } from "~/components/public/list-search-form";
import { publicPageMeta } from "~/components/public/page-meta";
import { SectionHeading } from "~/components/ui/section-heading";
import { causesEmptyText } from "~/config/causes";
import { DIRECTORY_MESSAGES, DIRECTORY_PATH } from "~/institutions/directory";
import { loadDirectoryPage } from "~/institutions/directory.server";
import { hasFilters, listHref } from "~/lists/list-query";
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

export async function loader({ url }: Route.LoaderArgs) {
  return loadDirectoryPage(url);
}

export default function InstitutionDirectory({ loaderData }: Route.ComponentProps) {
  const { query, list, total, failed, ufs, cities } = loaderData;
  const filterCount = countLocationFilters(query) + (query.tipo ? 1 : 0);

  return (
    <div className="mx-auto flex max-w-page flex-col gap-8 px-4 py-8 sm:py-12">
      <div className="flex flex-col gap-4">
        <BackHomeLink next={{ to: "/eventos", label: "Ver eventos" }} />
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
        hidden={{ causa: query.causa }}
        filters={<DirectoryFilters query={query} ufs={ufs} cities={cities} />}
      />
      <CauseFilterChips path={DIRECTORY_PATH} query={query} chosen={query.causa} />
      <ListResults
        list={list}
        failed={failed}
        total={total}
        countNouns={["instituição", "instituições"]}
        messages={DIRECTORY_MESSAGES}
        emptyDescription={
          query.causa.length > 0
            ? causesEmptyText(query.causa)
            : hasFilters(query)
              ? "Tente outras palavras ou remova alguns filtros."
              : "Ainda não há instituições aprovadas. Volte em breve!"
        }
        clearHref={hasFilters(query) ? DIRECTORY_PATH : null}
        path={DIRECTORY_PATH}
        apiPath="/api/instituicoes"
        query={{ ...query }}
        label="Instituições encontradas"
        itemKey={(institution) => institution.id}
        renderItem={(institution) => <InstitutionCard institution={institution} />}
      />
    </div>
  );
}
