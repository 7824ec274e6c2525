import type { ReactNode } from "react";
import type { CertificateFacts } from "~/certificates/certificate-view";
import { cx } from "~/components/ui/class-names";

/** One certificate in a list: what it certifies, whether it is valid, and its actions. */
export function CertificateCard({
  facts,
  subtitle,
  children,
}: {
  facts: CertificateFacts;
  /** The second line: the institution (volunteer's list) or the person (institution's list). */
  subtitle: string;
  children: ReactNode;
}) {
  return (
    <li className="rounded-2xl border border-line bg-white p-4 shadow-card sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-bold break-words text-ink">{facts.activity}</h3>
          <p className="text-sm text-ink-muted">{subtitle}</p>
        </div>
        <ValidityBadge revokedOn={facts.revokedOn} />
      </div>
      <p className="mt-2 text-sm text-ink">
        {facts.period} · {facts.hours}
      </p>
      <p className="mt-1 text-sm text-ink-muted">
        Código <span className="font-mono font-semibold text-ink">{facts.code}</span> · emitido em{" "}
        {facts.issuedOn}
      </p>
      <div className="mt-4 flex flex-wrap gap-2">{children}</div>
    </li>
  );
}

function ValidityBadge({ revokedOn }: { revokedOn: string | null }) {
  return (
    <span
      className={cx(
        "inline-flex shrink-0 items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap",
        revokedOn
          ? "border-danger-200 bg-danger-50 text-danger-700"
          : "border-success-100 bg-success-50 text-success-700",
      )}
    >
      <span className="sr-only">Situação: </span>
      {revokedOn ? `Revogado em ${revokedOn}` : "Válido"}
    </span>
  );
}
