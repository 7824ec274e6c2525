import { data } from "react-router";
import { latestApplication } from "~/applications/applications.server";
import { usePublicConfig } from "~/components/layout/use-public-config";
import { DetailErrorBoundary } from "~/components/public/detail-error-boundary";
import { InstitutionPageView } from "~/components/public/institution-page";
import { JsonLd } from "~/components/public/json-ld";
import {
  absoluteUrl,
  clampDescription,
  notFoundMeta,
  publicPageMeta,
} from "~/components/public/page-meta";
import { institutionJsonLd } from "~/components/public/structured-data";
import { listInstitutionUpcomingEvents } from "~/events/public-events.server";
import { findApprovedInstitution } from "~/institutions/public-institutions.server";
import { sessionContext } from "~/web/session.server";
import type { Route } from "./+types/instituicoes.$id";

export function meta({ data: loaderData, matches }: Route.MetaArgs) {
  const config = matches[0]?.loaderData?.config;
  if (!loaderData) return notFoundMeta(config);
  const { institution } = loaderData;
  return publicPageMeta({
    config,
    title: `${institution.name} (${institution.city}/${institution.state})`,
    description: clampDescription(`${institution.summary} ${institution.about}`),
    path: `/instituicoes/${institution.id}`,
    image: institution.coverUrl,
  });
}

/**
 * Only approved institutions exist publicly: any other id is the 404 page. A signed-in person
 * also gets their latest application to it (the page is then private, never cached for others).
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const institution = await findApprovedInstitution(params.id);
  if (!institution) throw data(null, { status: 404 });
  const user = context.get(sessionContext);
  const [events, application] = await Promise.all([
    listInstitutionUpcomingEvents(institution.id, 3),
    user ? latestApplication(user.id, institution.id) : null,
  ]);
  return {
    institution,
    events,
    application,
    applicationsPath: user?.profile === "VOLUNTEER" ? "/app/voluntario" : null,
  };
}

export default function InstitutionPage({ loaderData }: Route.ComponentProps) {
  const { institution, events, application, applicationsPath } = loaderData;
  const config = usePublicConfig();
  return (
    <>
      <JsonLd data={institutionJsonLd(institution, (path) => absoluteUrl(config, path))} />
      <InstitutionPageView
        institution={institution}
        events={events}
        join={{ kind: "public", application, applicationsPath }}
        backTo="/instituicoes"
      />
    </>
  );
}

export function ErrorBoundary() {
  return (
    <DetailErrorBoundary
      message="Não foi possível obter as informações da instituição."
      backTo="/instituicoes"
      backLabel="Ver todas as instituições"
    />
  );
}
