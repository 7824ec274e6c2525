import { Link } from "react-router";
import { buttonStyles } from "~/components/ui/button-styles";
import { formatMinutes } from "~/hours/hours-format";
import type { Journey, JourneyActivity } from "~/hours/journey.server";
import { MemberSection } from "./member-section";
import { StatusBadge } from "./status-badge";

/** "Minha jornada" (issue 16, item 4): the confirmed total, its breakdowns and the activities. */
export function JourneyTotals({ journey }: { journey: Journey }) {
  return (
    <div className="mt-6 grid gap-4 sm:grid-cols-3">
      <div className="rounded-2xl border border-line bg-white p-5 shadow-card sm:col-span-1">
        <p className="text-sm font-semibold text-ink-muted">Horas confirmadas</p>
        <p className="mt-1 text-3xl font-bold tracking-tight text-brand-800">
          {formatMinutes(journey.totalMinutes)}
        </p>
        <p className="mt-1 text-xs text-ink-muted">
          Só contam as horas que a instituição confirmou.
        </p>
      </div>
      <Breakdown
        title="Por instituição"
        rows={journey.byInstitution.map((row) => [row.name, row.minutes])}
      />
      <Breakdown title="Por ano" rows={journey.byYear.map((row) => [row.year, row.minutes])} />
    </div>
  );
}

function Breakdown({ title, rows }: { title: string; rows: [string, number][] }) {
  return (
    <div className="rounded-2xl border border-line bg-white p-5 shadow-card">
      <h2 className="text-sm font-semibold text-ink-muted">{title}</h2>
      {rows.length === 0 ? (
        <p className="mt-2 text-sm text-ink-muted">Nada confirmado ainda.</p>
      ) : (
        <dl className="mt-2 flex flex-col gap-1.5 text-sm">
          {rows.map(([label, minutes]) => (
            <div key={label} className="flex items-baseline justify-between gap-3">
              <dt className="min-w-0 break-words text-ink">{label}</dt>
              <dd className="shrink-0 font-semibold text-ink">{formatMinutes(minutes)}</dd>
            </div>
          ))}
        </dl>
      )}
    </div>
  );
}

export function JourneyActivities({ journey }: { journey: Journey }) {
  return (
    <>
      <MemberSection title="Atividades com horas confirmadas" count={journey.confirmed.length}>
        {journey.confirmed.length === 0 ? (
          <div className="rounded-2xl border border-dashed border-line bg-white p-6 text-center">
            <p className="text-ink">Você ainda não tem horas confirmadas.</p>
            <p className="mt-1 text-sm text-ink-muted">
              Depois de cada evento, a instituição confirma a sua presença e as horas aparecem aqui.
            </p>
            <Link
              to="/eventos"
              className={buttonStyles({ variant: "secondary", className: "mt-4" })}
            >
              Ver eventos
            </Link>
          </div>
        ) : (
          <ActivityList activities={journey.confirmed} />
        )}
      </MemberSection>
      {journey.others.length > 0 ? (
        <MemberSection title="Aguardando ou não contadas" count={journey.others.length}>
          <p className="mb-3 text-sm text-ink-muted">
            Estas horas não entram nos totais: aguardam a instituição, foram recusadas ou a
            instituição registrou que você não compareceu.
          </p>
          <ActivityList activities={journey.others} />
        </MemberSection>
      ) : null}
    </>
  );
}

function ActivityList({ activities }: { activities: JourneyActivity[] }) {
  return (
    <ul className="flex flex-col gap-3">
      {activities.map((activity) => (
        <li
          key={activity.id}
          className="rounded-2xl border border-line bg-white p-4 shadow-card sm:flex sm:items-start sm:justify-between sm:gap-4"
        >
          <div className="min-w-0">
            <p className="font-semibold break-words text-ink">{activity.activity}</p>
            <p className="mt-0.5 text-sm text-ink-muted">
              {activity.institutionName} · {activity.when}
            </p>
            {activity.declineReason ? (
              <p className="mt-1 text-sm text-ink">Motivo: {activity.declineReason}</p>
            ) : null}
          </div>
          <div className="mt-2 flex shrink-0 items-center gap-3 sm:mt-0 sm:flex-col sm:items-end sm:gap-1">
            {activity.status === "ABSENT" ? null : (
              <span className="font-semibold text-ink">{formatMinutes(activity.minutes)}</span>
            )}
            <StatusBadge kind="hours" status={activity.status} />
          </div>
        </li>
      ))}
    </ul>
  );
}
