import { Link } from "react-router";
import { adminHref } from "~/admin/admin-url";
import type { BackupStatus } from "~/admin/backup-status.server";
import type { DashboardCounts } from "~/admin/dashboard.server";
import type { ChartPoint, QueueItem } from "~/admin/insights.server";
import { isoToBrDate } from "~/forms/masks";
import { groupThousands } from "~/lib/count-text";
import { ChevronRightIcon } from "../ui/icons";
import { BackupStatusPanel } from "./backup-status";
import { BarChart } from "./bar-chart";
import { SectionHeader } from "./section-header";

const CARDS = [
  { key: "totalVolunteers", label: "Voluntários" },
  { key: "totalInstitutions", label: "Instituições" },
  { key: "totalVolunteerRequests", label: "Candidaturas" },
  { key: "totalEvents", label: "Eventos" },
] as const;

const MONTHS = ["jan", "fev", "mar", "abr", "mai", "jun", "jul", "ago", "set", "out", "nov", "dez"];
const monthOf = (iso: string) => MONTHS[Number(iso.slice(5, 7)) - 1] ?? "";

export function DashboardSection({
  counts,
  queue,
  signups,
  eventsPerMonth,
  backups,
}: {
  counts: DashboardCounts;
  queue: { institutions: QueueItem[]; events: QueueItem[] };
  signups: ChartPoint[];
  eventsPerMonth: ChartPoint[];
  backups: BackupStatus;
}) {
  return (
    <section aria-labelledby="titulo-secao">
      <SectionHeader
        title="Dashboard"
        description="Visão geral da plataforma."
        hidden={{ secao: "dashboard" }}
      />
      <dl className="mt-6 grid grid-cols-2 gap-4 lg:grid-cols-4">
        {CARDS.map((card) => (
          <div key={card.key} className="rounded-2xl border border-line bg-white p-5 shadow-card">
            <dt className="text-sm font-semibold text-ink-muted">{card.label}</dt>
            <dd className="mt-2 text-3xl font-bold text-brand-900">
              {groupThousands(counts[card.key])}
            </dd>
          </div>
        ))}
      </dl>
      <section aria-labelledby="titulo-fila" className="mt-8">
        <h2 id="titulo-fila" className="text-xl font-bold text-ink">
          Aguardando análise
        </h2>
        <div className="mt-3 grid gap-4 md:grid-cols-2">
          <QueueCard
            title="Instituições para analisar"
            empty="Nenhum cadastro pendente"
            items={queue.institutions.map((item) => ({
              ...item,
              href: adminHref({ section: "instituicao", id: item.id }),
            }))}
            allHref={adminHref({ section: "instituicoes" })}
          />
          <QueueCard
            title="Eventos pendentes"
            empty="Nenhum evento pendente."
            items={queue.events.map((item) => ({
              ...item,
              href: adminHref({ section: "evento", id: item.id }),
            }))}
            allHref={adminHref({ section: "eventos" })}
          />
        </div>
      </section>
      <div className="mt-8 grid gap-4 lg:grid-cols-2">
        <BarChart
          title="Cadastros por semana (últimos 12 meses)"
          points={signups}
          label={(start) => isoToBrDate(start).slice(0, 5)}
          longLabel={(start) => `Semana de ${isoToBrDate(start)}`}
        />
        <BarChart
          title="Eventos por mês (últimos 12 meses)"
          points={eventsPerMonth}
          label={monthOf}
          longLabel={(start) => `${monthOf(start)}/${start.slice(0, 4)}`}
        />
      </div>
      <div className="mt-8">
        <BackupStatusPanel status={backups} />
      </div>
    </section>
  );
}

function QueueCard({
  title,
  empty,
  items,
  allHref,
}: {
  title: string;
  empty: string;
  items: (QueueItem & { href: string })[];
  allHref: string;
}) {
  return (
    <div className="rounded-2xl border border-line bg-white p-5 shadow-card">
      <h3 className="font-bold text-ink">{title}</h3>
      {items.length === 0 ? (
        <p className="mt-2 text-sm text-ink-muted">{empty}</p>
      ) : (
        <ul className="mt-2 divide-y divide-line">
          {items.map((item) => (
            <li key={item.id}>
              <Link
                to={item.href}
                className="flex min-h-11 items-center justify-between gap-2 py-2 font-semibold text-brand-800 hover:underline focus-ring"
              >
                <span className="min-w-0 break-words">
                  {item.name}
                  {item.note ? (
                    <span className="mt-0.5 block text-sm font-semibold text-accent-700">
                      {item.note}
                    </span>
                  ) : null}
                </span>
                <ChevronRightIcon className="size-4 shrink-0" />
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Link
        to={allHref}
        className="mt-3 inline-block text-sm font-semibold text-brand-800 underline focus-ring"
      >
        Ver todos
      </Link>
    </div>
  );
}
