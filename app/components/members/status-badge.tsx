import { AGREEMENT_STATUS_LABELS, type AgreementStatus } from "~/agreements/agreement-status";
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

/** A termo de adesão (issue 16): pending, waiting for the guardian, or accepted. */
const AGREEMENT: Record<AgreementStatus, [string, Tone]> = {
  PENDING: [AGREEMENT_STATUS_LABELS.PENDING, "waiting"],
  AWAITING_GUARDIAN: [AGREEMENT_STATUS_LABELS.AWAITING_GUARDIAN, "waiting"],
  ACCEPTED: [AGREEMENT_STATUS_LABELS.ACCEPTED, "good"],
};

/** Hours of volunteering (issue 16): only "Confirmadas" count. */
const HOURS: Record<"PENDING" | "CONFIRMED" | "DECLINED" | "ABSENT", [string, Tone]> = {
  PENDING: ["Aguardando confirmação", "waiting"],
  CONFIRMED: ["Confirmadas", "good"],
  DECLINED: ["Recusadas", "bad"],
  ABSENT: ["Não compareceu", "neutral"],
};

/** A person's place in an event (issue 15): the waitlist shows its position. */
function participationLabel(status: "CONFIRMED" | "WAITLISTED", position: number | null) {
  return status === "CONFIRMED"
    ? (["Presença confirmada", "good"] as const)
    : ([`Lista de espera: posição ${position ?? 1}`, "waiting"] as const);
}

/** An application's status in words: "Pendente", "Aceita", "Recusada". */
export function applicationStatusText(status: VolunteerRequestStatus): string {
  return APPLICATION[status][0];
}

/** A status as a small coloured label, worded for an application or for an event. */
export function StatusBadge(
  props:
    | { kind: "application"; status: VolunteerRequestStatus }
    | { kind: "event"; status: EventStatus }
    | { kind: "participation"; status: "CONFIRMED" | "WAITLISTED"; position: number | null }
    | { kind: "agreement"; status: AgreementStatus }
    | { kind: "hours"; status: keyof typeof HOURS },
) {
  const [label, tone] =
    props.kind === "application"
      ? APPLICATION[props.status]
      : props.kind === "event"
        ? EVENT[props.status]
        : props.kind === "agreement"
          ? AGREEMENT[props.status]
          : props.kind === "hours"
            ? HOURS[props.status]
            : participationLabel(props.status, props.position);
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
