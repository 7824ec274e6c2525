import { isAppError } from "~/lib/app-error";

/**
 * A PDF as a download, never kept by a shared cache. A full PDF queue (ADR 0071) answers 503
 * with its message and Retry-After, as a plain page the browser shows in place of the file.
 */
export async function pdfDownload(fileName: string, bytes: () => Promise<Buffer>) {
  let pdf: Buffer;
  try {
    pdf = await bytes();
  } catch (error) {
    if (!isAppError(error, "unavailable")) throw error;
    return new Response(error.message, {
      status: 503,
      headers: {
        "Content-Type": "text/plain; charset=utf-8",
        "Retry-After": String(error.retryAfterSeconds ?? 5),
        "Cache-Control": "no-store",
      },
    });
  }
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Content-Length": String(pdf.length),
      "Cache-Control": "private, no-store",
    },
  });
}
