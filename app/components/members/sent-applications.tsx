import { Link } from "react-router";
import type { SentApplication } from "~/applications/application-lists.server";
import { BuildingIcon } from "~/components/ui/icons";
import { EmptyList, MemberSection } from "./member-section";
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
            <li
              key={application.id}
              className="flex items-start gap-3 rounded-2xl border border-line bg-white p-4 shadow-card"
            >
              <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700 [&>svg]:size-5">
                <BuildingIcon />
              </span>
              <div className="min-w-0 flex-1">
                <Link
                  to={`/instituicoes/${application.institutionId}`}
                  className="inline-flex min-h-11 items-center font-semibold text-ink underline decoration-brand-300 underline-offset-4 hover:text-brand-800 focus-ring"
                >
                  {application.institutionName}
                </Link>
                <div className="mt-1.5 flex flex-wrap items-center gap-x-3 gap-y-1">
                  <StatusBadge kind="application" status={application.status} />
                  <span className="text-sm text-ink-muted">Enviada em {application.date}</span>
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
    </MemberSection>
  );
}
