import { formatCertificateCode, normalizeCertificateCode } from "~/certificates/certificate-code";
import { CERTIFICATE_MESSAGES } from "~/certificates/certificate-messages";
import { CodeLookupForm } from "~/components/certificates/code-lookup-form";
import { SectionHeading } from "~/components/ui/section-heading";
import { redirect } from "~/web/redirect.server";
import type { Route } from "./+types/certificados";

export function meta({ matches }: Route.MetaArgs) {
  const appName = matches[0]?.loaderData?.config.appName ?? "";
  return [{ title: `Verificar certificado | ${appName}` }, { name: "robots", content: "noindex" }];
}

export function headers(): HeadersInit {
  return { "X-Robots-Tag": "noindex" };
}

/** The lookup form; a typed code goes on to its own page (/certificados/ABCD-EFGH-JKMN). */
export function loader({ url }: Route.LoaderArgs) {
  const typed = url.searchParams.get("codigo");
  if (typed === null) return { typed: "", error: undefined };
  const code = normalizeCertificateCode(typed);
  if (code) throw redirect(`/certificados/${formatCertificateCode(code)}`);
  return {
    typed: typed.slice(0, 40),
    error: typed.trim() === "" ? "Digite o código do certificado." : CERTIFICATE_MESSAGES.badCode,
  };
}

export default function CertificateLookup({ loaderData }: Route.ComponentProps) {
  return (
    <section className="mx-auto w-full max-w-xl px-4 py-8 sm:py-12">
      <div className="rounded-2xl border border-line bg-white p-5 shadow-card sm:p-8">
        <SectionHeading
          as="h1"
          label="Certificados"
          title="Verificar certificado"
          description="Confira se um certificado de trabalho voluntário emitido pela plataforma é autêntico e continua válido."
        />
        <div className="mt-6">
          <CodeLookupForm defaultValue={loaderData.typed} error={loaderData.error} />
        </div>
      </div>
    </section>
  );
}
