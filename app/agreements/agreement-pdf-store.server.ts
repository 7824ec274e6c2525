import { env } from "~/config/env.server";
import { documentPdf, pdfVariant } from "~/documents/kept-pdfs.server";
import { agreementPdf } from "./agreement-pdf.server";
import type { Agreement } from "./agreements.server";

/**
 * A termo's PDF bytes (ADR 0071): once accepted (and consented to, for a minor) nothing on it
 * changes, so it is rendered once and kept; before that it is rendered on each download through
 * the PDF queue, showing what is still pending.
 */
export function keptAgreementPdf(agreement: Agreement): Promise<Buffer> {
  return documentPdf({
    document: { agreementId: agreement.id },
    variant: pdfVariant({ status: agreement.status, appName: env().APP_NAME }),
    keep: agreement.status === "ACCEPTED",
    render: () => agreementPdf(agreement),
  });
}
