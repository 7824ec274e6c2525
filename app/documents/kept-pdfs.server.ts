import { createHash } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { documentPdfs } from "~/db/schema";
import { JobQueue } from "~/lib/job-queue.server";

/**
 * PDFs of the platform's documents (ADR 0071). Rendering one costs up to a second of the main
 * thread, so:
 * - a document that no longer changes (an accepted termo, a certificate as issued or as
 *   revoked) is rendered once and its bytes kept in `document_pdfs`; later downloads read them,
 *   the same bytes each time;
 * - anything else (a termo still waiting for its acceptance or the guardian's consent, a
 *   certificate whose holder deleted the account) is rendered on each download, through the PDF
 *   queue: one at a time, four waiting, the rest refused at once with a Retry-After.
 */

export const PDF_SERVER_BUSY =
  "Muitos documentos estão sendo gerados agora. Aguarde alguns segundos e tente de novo.";

/** One render at a time (it holds the main thread); four may wait, about 4 s of work. */
export const pdfJobs = new JobQueue({
  name: "pdf",
  concurrency: 1,
  maxWaiting: { render: 4 },
  retryAfterSeconds: { render: 5 },
  busyMessage: PDF_SERVER_BUSY,
});

/** The document whose PDF is asked for. */
export type DocumentRef = { agreementId: string } | { certificateId: string };

/** A short name for what a rendering depends on, so a change of state renders again. */
export function pdfVariant(parts: Record<string, string | boolean>): string {
  return createHash("sha256").update(JSON.stringify(parts)).digest("hex").slice(0, 32);
}

function whereDocument(document: DocumentRef) {
  return "agreementId" in document
    ? eq(documentPdfs.agreementId, document.agreementId)
    : eq(documentPdfs.certificateId, document.certificateId);
}

async function keptBytes(document: DocumentRef, variant: string): Promise<Buffer | null> {
  const [row] = await db()
    .select({ pdf: documentPdfs.pdf })
    .from(documentPdfs)
    .where(and(whereDocument(document), eq(documentPdfs.variant, variant)));
  return row?.pdf ?? null;
}

/**
 * The document's PDF: the kept bytes of this variant when `keep` and they exist; otherwise
 * rendered through the queue (which may refuse: AppError "unavailable") and, when `keep`, kept
 * in place of any other variant. Two first downloads at once render once: the second finds the
 * first's bytes when its turn comes.
 */
export async function documentPdf(input: {
  document: DocumentRef;
  variant: string;
  keep: boolean;
  render: () => Promise<Buffer>;
}): Promise<Buffer> {
  const { document, variant, keep } = input;
  if (keep) {
    const kept = await keptBytes(document, variant);
    if (kept) return kept;
  }
  return pdfJobs.run("render", async () => {
    if (keep) {
      const kept = await keptBytes(document, variant);
      if (kept) return kept;
    }
    const pdf = await input.render();
    if (keep) await keepBytes(document, variant, pdf);
    return pdf;
  });
}

async function keepBytes(document: DocumentRef, variant: string, pdf: Buffer): Promise<void> {
  const isAgreement = "agreementId" in document;
  await db()
    .insert(documentPdfs)
    .values({
      agreementId: isAgreement ? document.agreementId : null,
      certificateId: isAgreement ? null : document.certificateId,
      variant,
      pdf,
    })
    .onConflictDoUpdate({
      target: isAgreement ? documentPdfs.agreementId : documentPdfs.certificateId,
      targetWhere: isAgreement
        ? sql`${documentPdfs.agreementId} is not null`
        : sql`${documentPdfs.certificateId} is not null`,
      set: { variant, pdf, createdAt: new Date() },
    });
}
