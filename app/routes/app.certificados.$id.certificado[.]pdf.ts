import { formatCertificateCode } from "~/certificates/certificate-code";
import { certificatePdf } from "~/certificates/certificate-pdf.server";
import { ownCertificate } from "~/certificates/certificates.server";
import { publicConfig } from "~/config/public-config.server";
import { sessionUser } from "~/web/guards.server";
import type { Route } from "./+types/app.certificados.$id.certificado[.]pdf";

/** Read-only: a POST gets a plain 405 (app/lib/refuse-writes.server.ts). */
export { refuseWrites as action } from "~/lib/refuse-writes.server";

/**
 * A certificate's PDF, for its holder and for the institution in whose name it was issued;
 * anyone else gets a 404, as for an id that does not exist.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const certificate = await ownCertificate(sessionUser(context).id, params.id);
  if (!certificate) throw new Response(null, { status: 404 });
  const { appName, baseUrl } = publicConfig();
  const pdf = await certificatePdf(certificate, { appName, baseUrl });
  const name = `certificado-${formatCertificateCode(certificate.code)}.pdf`;
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${name}"`,
      "Content-Length": String(pdf.length),
      "Cache-Control": "private, no-store",
    },
  });
}
