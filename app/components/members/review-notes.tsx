import type { ReactNode } from "react";
import { cx } from "~/components/ui/class-names";

/**
 * The short notes an institution reads about its record's review (issue 14): why it was not
 * approved, a name waiting for the admins, a record sent back. Plain text in a tinted box, so a
 * screen reader reads them in place; none of them is a live message.
 */

export function RejectionReason({ reason }: { reason: string | null }) {
  if (!reason) return null;
  return (
    <p className="mt-2 text-ink break-words">
      <strong className="font-semibold">Motivo:</strong> {reason}
    </p>
  );
}

export function ReviewNote({
  tone = "info",
  title,
  children,
  className,
}: {
  tone?: "info" | "danger";
  title: string;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <div
      className={cx(
        "rounded-2xl border p-4 sm:p-5",
        tone === "danger" ? "border-danger-200 bg-danger-50" : "border-brand-200 bg-brand-50",
        className,
      )}
    >
      <h2 className="text-base font-bold text-ink">{title}</h2>
      {children ? <div className="mt-1 text-ink-muted">{children}</div> : null}
    </div>
  );
}

/** "Novo nome em análise: X", beside the approved name the public still sees. */
export function ProposedNameNote({ name, className }: { name: string; className?: string }) {
  return (
    <ReviewNote title={`Novo nome em análise: ${name}`} className={className}>
      Até a aprovação, o site continua mostrando o nome atual.
    </ReviewNote>
  );
}
