import type { WaitingHours } from "~/certificates/certificate-options.server";

/**
 * Confirmed hours a certificate cannot cover yet, each with what it waits for (the termo, the
 * guardian's consent, the institution after a revocation; ADR 0070). Nothing when none wait.
 */
export function WaitingHoursList({ waiting }: { waiting: WaitingHours[] }) {
  if (waiting.length === 0) return null;
  return (
    <section aria-labelledby="waiting-hours" className="mt-10">
      <h2 id="waiting-hours" className="text-xl font-bold tracking-tight text-ink sm:text-2xl">
        Horas que ainda não entram em certificados
      </h2>
      <ul className="mt-4 flex flex-col gap-3">
        {waiting.map((row) => (
          <li key={row.id} className="rounded-2xl border border-dashed border-line bg-white p-4">
            <p className="font-semibold break-words text-ink">{row.label}</p>
            <p className="mt-1 text-sm break-words text-ink-muted">{row.reason}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
