import type { BackupRunView, BackupStatus } from "~/admin/backup-status.server";
import { BRAZIL_TIME_ZONE } from "~/config/constants";

const WHEN = new Intl.DateTimeFormat("pt-BR", {
  dateStyle: "short",
  timeStyle: "short",
  timeZone: BRAZIL_TIME_ZONE,
});
const when = (iso: string) => WHEN.format(new Date(iso)).replace(", ", " às ");

const STATUS_TEXT: Record<BackupRunView["status"], string> = {
  running: "Em andamento",
  succeeded: "Concluída",
  failed: "Falhou",
};
const STATUS_STYLE: Record<BackupRunView["status"], string> = {
  running: "bg-brand-50 text-brand-900",
  succeeded: "bg-success-50 text-success-700",
  failed: "bg-danger-50 text-danger-800",
};

/** "1,3 MB", "820 kB": sizes as a person reads them. */
export function sizeText(bytes: number): string {
  const format = (value: number, unit: string) =>
    `${value.toLocaleString("pt-BR", { maximumFractionDigits: 1 })} ${unit}`;
  if (bytes >= 1024 ** 3) return format(bytes / 1024 ** 3, "GB");
  if (bytes >= 1024 ** 2) return format(bytes / 1024 ** 2, "MB");
  return format(Math.max(1, Math.round(bytes / 1024)), "kB");
}

/** "a cada 24 horas", "a cada 30 minutos", "a cada 2 dias". */
export function intervalText(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes % (24 * 60) === 0) {
    const days = minutes / (24 * 60);
    return days === 1 ? "a cada 24 horas" : `a cada ${days} dias`;
  }
  if (minutes % 60 === 0) {
    const hours = minutes / 60;
    return hours === 1 ? "a cada hora" : `a cada ${hours} horas`;
  }
  return minutes === 1 ? "a cada minuto" : `a cada ${minutes} minutos`;
}

/**
 * The scheduled backups on the admin dashboard (issue 40): how they are set, the last one and
 * its result, size and file, and the latest runs. Read-only: the operator sets them in the
 * server's configuration (docs/operations.md, "Backups").
 */
export function BackupStatusPanel({ status }: { status: BackupStatus }) {
  const [last] = status.recent;
  return (
    <section
      aria-labelledby="titulo-copias"
      className="rounded-2xl border border-line bg-white p-5 shadow-card"
    >
      <h2 id="titulo-copias" className="text-xl font-bold text-ink">
        Cópias de segurança
      </h2>
      <p className="mt-1 text-sm text-ink-muted">
        {status.schedule
          ? `Automáticas, ${intervalText(status.schedule.intervalMs)}, guardando as ${status.schedule.keep} mais recentes em ${status.schedule.dir}.`
          : "Cópias automáticas desligadas (BACKUP_INTERVAL=off). Veja docs/operations.md para ligá-las."}
      </p>
      {last ? (
        <dl className="mt-4 grid gap-3 sm:grid-cols-3">
          <Fact label="Última cópia" value={when(last.startedAt)} />
          <Fact label="Resultado" value={<StatusBadge status={last.status} />} />
          <Fact label="Tamanho" value={last.bytes === null ? "—" : sizeText(last.bytes)} />
        </dl>
      ) : (
        <p className="mt-4 text-ink">
          Nenhuma cópia feita ainda.
          {status.schedule ? " A primeira começa até um minuto depois de o servidor iniciar." : ""}
        </p>
      )}
      {last?.fileName ? (
        <p className="mt-3 text-sm break-all text-ink-muted">Arquivo: {last.fileName}</p>
      ) : null}
      {status.nextDueAt ? (
        <p className="mt-1 text-sm text-ink-muted">
          Próxima cópia: por volta de {when(status.nextDueAt)}.
        </p>
      ) : null}
      {last?.status === "failed" && last.error ? (
        <p className="mt-3 rounded-xl bg-danger-50 p-3 text-sm break-words text-danger-800">
          {last.error}
        </p>
      ) : null}
      {last && last.status !== "succeeded" && status.lastSucceeded ? (
        <p className="mt-3 text-sm text-ink">
          Última cópia concluída: {when(status.lastSucceeded.startedAt)}
          {status.lastSucceeded.bytes === null ? "" : `, ${sizeText(status.lastSucceeded.bytes)}`}.
        </p>
      ) : null}
      {status.recent.length > 1 ? (
        <details className="mt-4">
          <summary className="min-h-11 cursor-pointer py-2 font-semibold text-brand-800 focus-ring">
            Cópias recentes
          </summary>
          <ul className="divide-y divide-line">
            {status.recent.map((run) => (
              <li key={run.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2 text-sm">
                <span className="text-ink">{when(run.startedAt)}</span>
                <StatusBadge status={run.status} />
                {run.bytes === null ? null : (
                  <span className="text-ink-muted">{sizeText(run.bytes)}</span>
                )}
                {run.fileName ? (
                  <span className="min-w-0 break-all text-ink-muted">{run.fileName}</span>
                ) : null}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </section>
  );
}

function Fact({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <div>
      <dt className="text-sm font-semibold text-ink-muted">{label}</dt>
      <dd className="mt-1 font-semibold text-ink">{value}</dd>
    </div>
  );
}

function StatusBadge({ status }: { status: BackupRunView["status"] }) {
  return (
    <span
      className={`inline-block rounded-full px-2.5 py-0.5 text-sm font-semibold ${STATUS_STYLE[status]}`}
    >
      {STATUS_TEXT[status]}
    </span>
  );
}
