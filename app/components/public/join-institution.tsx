import { Link } from "react-router";
import type { ApplicationStatus } from "~/applications/applications.server";
import { applicationStatusText } from "~/components/members/status-badge";
import { buttonStyles } from "~/components/ui/button-styles";
import { cx } from "~/components/ui/class-names";
import { HeartIcon } from "~/components/ui/icons";

/**
 * "Quero fazer parte", or, for a person who already applied, where their application stands:
 * "Candidatura enviada em dd/MM/aaaa · Pendente". A declined application shows its answer and the
 * button again (a new application is allowed); a pending or accepted one replaces the button.
 */
export function JoinInstitution({
  institutionId,
  application,
  applicationsPath,
  className,
}: {
  institutionId: string;
  application: ApplicationStatus | null;
  /** Where the person follows their applications (volunteers only), if anywhere. */
  applicationsPath: string | null;
  className?: string;
}) {
  const button = (
    <Link
      to={`/app/seja-voluntario?id=${institutionId}`}
      className={buttonStyles({ fullWidth: true })}
    >
      <HeartIcon />
      {application?.status === "DECLINED" ? "Candidatar-se de novo" : "Quero fazer parte"}
    </Link>
  );
  if (!application) return <div className={className}>{button}</div>;
  return (
    <div className={cx("flex flex-col gap-3", className)}>
      <p className="rounded-xl border border-line bg-surface px-4 py-3 text-sm font-semibold text-ink">
        Candidatura enviada em {application.sentOn} · {applicationStatusText(application.status)}
      </p>
      {application.status === "DECLINED" ? button : null}
      {application.status !== "DECLINED" && applicationsPath ? (
        <Link
          to={applicationsPath}
          className="inline-flex min-h-11 items-center self-start rounded font-semibold text-brand-800 underline underline-offset-4 focus-ring"
        >
          Ver minhas candidaturas
        </Link>
      ) : null}
    </div>
  );
}
