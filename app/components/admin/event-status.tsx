import { cx } from "../ui/class-names";

/** An event's stored status as the admin reads it (events.status). */
export const EVENT_STATUS_LABELS: Record<string, string> = {
  PENDING: "Pendente",
  APPROVED: "Publicado",
  REJECTED: "Reprovado",
  DELETED: "Excluído",
};

const TONES: Record<string, string> = {
  PENDING: "bg-accent-50 text-accent-700 ring-accent-300",
  APPROVED: "bg-success-50 text-success-700 ring-success-100",
  REJECTED: "bg-danger-50 text-danger-700 ring-danger-200",
  DELETED: "bg-surface text-ink-muted ring-line",
};

export function EventStatusBadge({ status }: { status: string }) {
  return (
    <span
      className={cx(
        "inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-bold ring-1",
        TONES[status] ?? TONES.DELETED,
      )}
    >
      <span className="sr-only">Situação: </span>
      {EVENT_STATUS_LABELS[status] ?? status}
    </span>
  );
}
