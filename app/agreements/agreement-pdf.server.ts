import { env } from "~/config/env.server";
import { renderPdf } from "~/lib/pdf/pdf-document.server";
import { acceptanceRecord } from "./agreement-record";
import { AGREEMENT_STATUS_LABELS } from "./agreement-status";
import { AGREEMENT_TITLE, agreementBlocks } from "./agreement-template";
import type { Agreement } from "./agreements.server";

/**
 * The termo as an A4 PDF for either party: the stored text exactly as issued, then the
 * acceptance record (who, when in Brasília time, IP, the text's SHA-256). Downloads read it
 * through agreement-pdf-store.server.ts (kept once accepted, ADR 0071).
 */
export function agreementPdf(agreement: Agreement): Promise<Buffer> {
  const appName = env().APP_NAME;
  return renderPdf(
    {
      title: `${AGREEMENT_TITLE} — ${agreement.institutionName}`,
      author: appName,
      subject: `Termo de adesão de ${agreement.volunteerName}`,
      createdAt: agreement.createdAt,
    },
    (pdf) => {
      for (const block of agreementBlocks(agreement.body)) {
        if (block.kind === "title") {
          pdf.title(block.title);
          pdf.subtitle(block.subtitle);
        } else if (block.kind === "clause") {
          pdf.heading(block.heading);
          for (const paragraph of block.paragraphs) pdf.paragraph(paragraph);
          if (block.items.length > 0) pdf.list(block.items);
        } else {
          pdf.paragraph(block.text);
        }
      }
      pdf.heading(`Registro de aceite: ${AGREEMENT_STATUS_LABELS[agreement.status]}`);
      pdf.fields(acceptanceRecord(agreement));
      pdf.footer(`${appName} — termo ${agreement.id}`);
    },
  );
}
