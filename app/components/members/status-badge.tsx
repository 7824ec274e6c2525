import { cx } from "~/components/ui/class-names";
import type { EventStatus, VolunteerRequestStatus } from "~/config/constants";

type Tone = "waiting" | "good" | "bad" | "neutral";

const TONES: Record<Tone, string> = {
  waiting: "border-accent-300 bg-accent-50 text-accent-700",
  good: "border-success-100 bg-success-50 text-success-700",
  bad: "border-danger-200 bg-danger-50 text-danger-700",
  neutral: "border-line bg-surface text-ink-muted",
};

const APPLICATION: Record<VolunteerRequestStatus, [string, Tone]> = {
  PENDING: ["Pendente", "waiting"],
  ACCEPTED: ["Aceita", "good"],
  DECLINED: ["Recusada", "bad"],
};

const EVENT: Record<EventStatus, [string, Tone]> = {
  PENDING: ["Em análise", "waiting"],
  APPROVED: ["Aprovado", "good"],
  REJECTED: ["Reprovado", "bad"],
  DELETED: ["Cancelado", "neutral"],
};

/** An application's status in words: "Pendente", "Aceita", "Recusada". */
export function applicationStatusText(status: VolunteerRequestStatus): string {
  return APPLICATION[status][0];
}

/** A status as a small coloured label, worded for an application or for an event. */
export function StatusBadge(
  props:
    | { kind: "application"; status: VolunteerRequestStatus }
    | { kind: "event"; status: EventStatus },
) {
  const [label, tone] =
    props.kind === "application" ? APPLICATION[props.status] : EVENT[props.status];
  return (
    <span
      className={cx(
        "inline-flex shrink-0 items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap",
        TONES[tone],
      )}
    >
      <span className="sr-only">Situação: </span>
      {label}
    </span>
  );
}
