import type { ReactNode } from "react";
import { data, Link } from "react-router";
import { formatCertificateCode, normalizeCertificateCode } from "~/certificates/certificate-code";
import { certificateFacts } from "~/certificates/certificate-view";
import { lookUpCertificate } from "~/certificates/certificates.server";
import { CertificateFactList } from "~/components/certificates/certificate-facts";
import { CodeLookupForm } from "~/components/certificates/code-lookup-form";
import { AlertIcon, CheckCircleIcon } from "~/components/ui/icons";
import { formatIsoDate, todayInBrazil } from "~/events/event-dates";
import { asOneLine } from "~/lib/plain-text";
import { refusalOf } from "~/web/app-error.server";
import { clientContext } from "~/web/request-context.server";
import type { Route } from "./+types/certificados.$codigo";

/**
 * The public check of a certificate (issue 16 item 5, ADR 0052): no sign-in, exactly what the
 * certificate shows and nothing else. Revoked: the fact and the date, not the reason. Never
 * indexed; as every anonymous page, revalidated on each visit (private, no-cache), so a
 * revocation shows at once.
 */
export function meta({ matches, loaderData }: Route.MetaArgs) {
  const appName = matches[0]?.loaderData?.config.appName ?? "";
  const title =
    loaderData?.state === "valid"
      ? "Certificado válido"
      : loaderData?.state === "revoked"
        ? "Certificado revogado"
        : loaderData?.state === "rate-limited"
          ? "Muitas consultas seguidas"
          : "Certificado não encontrado";
  return [{ title: `${title} | ${appName}` }, { name: "robots", content: "noindex" }];
}

export function headers({ loaderHeaders }: Route.HeadersArgs): HeadersInit {
  const headers = new Headers({ "X-Robots-Tag": "noindex" });
  const retryAfter = loaderHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const typed = params.codigo.slice(0, 40);
  const code = normalizeCertificateCode(params.codigo);
  if (!code) return data({ state: "not-found" as const, typed }, { status: 404 });
  try {
    const row = await lookUpCertificate(code, context.get(clientContext).network);
    if (!row) return data({ state: "not-found" as const, typed }, { status: 404 });
    if (row.revokedAt) {
      return {
        state: "revoked" as const,
        code: formatCertificateCode(row.code),
        institutionName: asOneLine(row.institutionName),
        revokedOn: formatIsoDate(todayInBrazil(row.revokedAt)),
      };
    }
    return { state: "valid" as const, facts: certificateFacts(row) };
  } catch (error) {
    const refused = refusalOf(error);
    if (!refused) throw error;
    return data(
      { state: "rate-limited" as const, typed, message: refused.error.message },
      { status: refused.status, headers: refused.headers },
    );
  }
}

export default function CertificateCheck({ loaderData }: Route.ComponentProps) {
  return (
    <section className="mx-auto w-full max-w-2xl px-4 py-8 sm:py-12">
      <div className="rounded-2xl border border-line bg-white p-5 shadow-card sm:p-8">
        <CheckResult result={loaderData} />
      </div>
      {loaderData.state === "valid" || loaderData.state === "revoked" ? (
        <p className="mt-6 text-center text-sm text-ink-muted">
          <Link to="/certificados" className="font-semibold text-brand-800 underline focus-ring">
            Verificar outro certificado
          </Link>
        </p>
      ) : null}
    </section>
  );
}

function CheckResult({ result }: { result: Route.ComponentProps["loaderData"] }) {
  if (result.state === "valid") {
    return (
      <>
        <Verdict tone="good" title="Certificado válido">
          Este certificado foi emitido pela plataforma e está válido. Confira se os dados abaixo são
          os mesmos do documento que você recebeu.
        </Verdict>
        <div className="mt-6">
          <CertificateFactList facts={result.facts} />
        </div>
      </>
    );
  }
  if (result.state === "revoked") {
    return (
      <Verdict tone="bad" title={`Certificado revogado em ${result.revokedOn}`}>
        O certificado {result.code}, emitido em nome da instituição {result.institutionName}, foi
        revogado pela instituição e não vale mais como comprovante.
      </Verdict>
    );
  }
  return (
    <>
      <Verdict
        tone="bad"
        title={
          result.state === "rate-limited"
            ? "Muitas consultas seguidas"
            : "Certificado não encontrado"
        }
      >
        {result.state === "rate-limited"
          ? result.message
          : "Nenhum certificado tem este código. Confira as letras e os números e tente de novo."}
      </Verdict>
      <div className="mt-6">
        <CodeLookupForm defaultValue={result.typed} />
      </div>
    </>
  );
}

function Verdict({
  tone,
  title,
  children,
}: {
  tone: "good" | "bad";
  title: string;
  children: ReactNode;
}) {
  const Icon = tone === "good" ? CheckCircleIcon : AlertIcon;
  return (
    <div className="flex items-start gap-3">
      <span
        aria-hidden="true"
        className={
          tone === "good"
            ? "flex size-11 shrink-0 items-center justify-center rounded-full bg-success-50 text-success-700"
            : "flex size-11 shrink-0 items-center justify-center rounded-full bg-danger-50 text-danger-700"
        }
      >
        <Icon className="size-6" />
      </span>
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-ink">{title}</h1>
        <p className="mt-1 text-ink-muted">{children}</p>
      </div>
    </div>
  );
}
