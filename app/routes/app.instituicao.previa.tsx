import { Link } from "react-router";
import { InstitutionPageView } from "~/components/public/institution-page";
import { listInstitutionUpcomingEvents } from "~/events/public-events.server";
import { findInstitutionPreview } from "~/institutions/public-institutions.server";
import { actingMember } from "~/web/institution-guard.server";
import type { Route } from "./+types/app.instituicao.previa";

export function meta({ matches }: Route.MetaArgs) {
  const appName = matches[0]?.loaderData?.config.appName ?? "";
  return [
    { title: `Prévia da página da instituição | ${appName}` },
    { name: "robots", content: "noindex" },
  ];
}

/**
 * The institution's own public page before approval (issue 14), from its record as it stands:
 * the same component as /instituicoes/:id. Private like all of /app (no-store).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const member = actingMember(context);
  const institution = await findInstitutionPreview(member.institutionId);
  if (!institution) throw new Error(`institution ${member.institutionId} has no profile row`);
  return {
    institution,
    approved: member.institutionStatus === "APPROVED",
    events: await listInstitutionUpcomingEvents(institution.id, 3),
  };
}

export default function InstitutionPreview({ loaderData }: Route.ComponentProps) {
  const { institution, events, approved } = loaderData;
  return (
    <InstitutionPageView
      institution={institution}
      events={events}
      join={{ kind: "preview" }}
      backTo="/app/instituicao"
      top={<PreviewBanner approved={approved} />}
    />
  );
}

/** What the preview is, and the way to change what it shows. */
function PreviewBanner({ approved }: { approved: boolean }) {
  return (
    <div
      role="note"
      aria-label="Prévia"
      className="mb-6 flex flex-col gap-3 rounded-2xl border border-accent-300 bg-accent-50 p-4 sm:flex-row sm:items-center sm:justify-between sm:p-5"
    >
      <p className="font-semibold text-pretty text-ink">
        {approved
          ? "Prévia: é assim que a sua página vai aparecer com as alterações em análise."
          : "Prévia: é assim que a sua página vai aparecer quando o cadastro for aprovado."}
      </p>
      <Link
        to="/app/atualizar-instituicao"
        className="inline-flex min-h-11 shrink-0 items-center gap-2 self-start rounded-lg font-semibold text-brand-800 underline underline-offset-4 hover:text-brand-900 focus-ring sm:self-auto"
      >
        Editar cadastro
      </Link>
    </div>
  );
}
