import { documentPdf, pdfVariant } from "~/documents/kept-pdfs.server";
import { certificatePdf } from "./certificate-pdf.server";
import type { Certificate } from "./certificates.server";

/**
 * A certificate's PDF bytes (ADR 0071): rendered once as issued and kept; once revoked (which
 * cannot be undone), rendered once more, marked revoked on its face, and kept in place of the
 * issued copy. A certificate whose holder deleted the account is rendered on each download: the
 * kept copy printed the name and went with it (document_pdfs references the holder's row).
 */
export function keptCertificatePdf(
  certificate: Certificate,
  site: { appName: string; baseUrl: string },
): Promise<Buffer> {
  return documentPdf({
    document: { certificateId: certificate.id },
    variant: pdfVariant({ revoked: certificate.revokedAt !== null, ...site }),
    keep: certificate.volunteerName !== null,
    render: () => certificatePdf(certificate, site),
  });
}
