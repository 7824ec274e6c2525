import type { CertificateFacts } from "~/certificates/certificate-view";

/** The certificate's facts as a definition list: the public page and the lists use it. */
export function CertificateFactList({ facts }: { facts: CertificateFacts }) {
  const rows: [string, string][] = [
    ["Voluntário(a)", facts.volunteerName ?? "Nome removido: a pessoa excluiu a própria conta"],
    ["Instituição", facts.institutionName],
    ["CNPJ", facts.cnpj],
    ...(facts.signatory ? [["Assinado por", facts.signatory] as [string, string]] : []),
    ["Atividade", facts.activity],
    ["Período", facts.period],
    ["Carga horária", facts.hours],
    ["Emitido em", facts.issuedOn],
    ["Código", facts.code],
  ];
  return (
    <>
      <dl className="flex flex-col gap-3">
        {rows.map(([label, value]) => (
          <div key={label} className="grid gap-0.5 sm:grid-cols-[9rem_1fr] sm:gap-4">
            <dt className="text-sm font-semibold text-ink-muted sm:pt-0.5">{label}</dt>
            <dd className="font-medium break-words text-ink">{value}</dd>
          </div>
        ))}
      </dl>
      {facts.rows.length > 0 ? (
        <div className="mt-5">
          <h3 className="text-sm font-semibold text-ink-muted">Atividades</h3>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-ink">
            {facts.rows.map((row) => (
              <li key={row}>{row}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </>
  );
}
