import { Link } from "react-router";
import type { SentApplication } from "~/applications/application-lists.server";
import { BuildingIcon } from "~/components/ui/icons";
import { EmptyList, IconListItem, ITEM_TITLE_LINK, MemberSection } from "./member-section";
import { StatusBadge } from "./status-badge";

/** "Minhas candidaturas": each institution applied to, when, and how it stands. */
export function SentApplications({ applications }: { applications: SentApplication[] }) {
  return (
    <MemberSection title="Minhas candidaturas" count={applications.length}>
      {applications.length === 0 ? (
        <EmptyList
          message="Você ainda não se candidatou a nenhuma instituição."
          link={{ to: "/instituicoes", label: "Encontrar instituições" }}
        />
      ) : (
        <ul className="flex flex-col gap-3">
          {applications.map((application) => (
            <IconListItem key={application.id} icon={<BuildingIcon />}>
              <Link to={`/instituicoes/${application.institutionId}`} className={ITEM_TITLE_LINK}>
                {application.institutionName}
              </Link>
              <div className="mt-1.5 flex flex-wrap items-center gap-x-3 gap-y-1">
                <StatusBadge kind="application" status={application.status} />
                <span className="text-sm text-ink-muted">Enviada em {application.date}</span>
              </div>
            </IconListItem>
          ))}
        </ul>
      )}
    </MemberSection>
  );
}
