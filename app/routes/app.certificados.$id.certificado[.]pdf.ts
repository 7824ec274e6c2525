import { formatCertificateCode } from "~/certificates/certificate-code";
import { keptCertificatePdf } from "~/certificates/certificate-pdf-store.server";
import { ownCertificate } from "~/certificates/certificates.server";
import { publicConfig } from "~/config/public-config.server";
import { sessionUser } from "~/web/guards.server";
import { pdfDownload } from "~/web/pdf-download.server";
import type { Route } from "./+types/app.certificados.$id.certificado[.]pdf";

/** Read-only: a POST gets a plain 405 (app/lib/refuse-writes.server.ts). */
export { refuseWrites as action } from "~/lib/refuse-writes.server";

/**
 * A certificate's PDF, for its holder and for the institution in whose name it was issued;
 * anyone else gets a 404, as for an id that does not exist. Kept once rendered (ADR 0071).
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const certificate = await ownCertificate(sessionUser(context).id, params.id);
  if (!certificate) throw new Response(null, { status: 404 });
  const { appName, baseUrl } = publicConfig();
  return pdfDownload(`certificado-${formatCertificateCode(certificate.code)}.pdf`, () =>
    keptCertificatePdf(certificate, { appName, baseUrl }),
  );
}
