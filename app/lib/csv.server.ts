import { stringify } from "csv-stringify/sync";
import { log } from "./log.server";
import { asPlainText } from "./plain-text";

/**
 * CSV files people open in a spreadsheet (docs/decisions/0037): UTF-8 with a byte order mark, so
 * Excel reads the accents; ";" between fields, as Excel set to Portuguese (Brazil) splits them
 * (there "," is the decimal comma); CRLF line ends (RFC 4180). Quoting and escaping are
 * csv-stringify's. A cell that a spreadsheet would run as a formula (starting with = + - @, a tab
 * or a carriage return) gets a leading apostrophe: text typed by users (names) must stay text.
 * Before that, every cell is cleaned by the text rule (ADR 0066), whatever a row holds (rows
 * stored before the rule): line breaks as LF, no tab, no other control or bidirectional
 * character, NFC, trimmed (so "\t=1+1" is the formula "=1+1", escaped like any other).
 */

export const CSV_CONTENT_TYPE = "text/csv; charset=utf-8";

const BOM = "\uFEFF";

const OPTIONS = {
  delimiter: ";",
  record_delimiter: "\r\n",
  escape_formulas: true,
  // csv-stringify quotes a field holding the record delimiter ("\r\n") but not a lone "\n" or
  // "\r", which a spreadsheet would read as the end of the row.
  quoted_match: /[\r\n]/,
} as const;

/** Rows of cells as CSV text (no BOM, no header): one batch of a longer file. */
export function csvRows(rows: string[][]): string {
  return stringify(
    rows.map((row) => row.map(asPlainText)),
    OPTIONS,
  );
}

/**
 * A CSV file as a byte stream: the BOM and the header first, then each batch as `batches` yields
 * it, read only when the reader wants more (a slow download holds one batch, not the file).
 * The first batch is read before this returns, so a failure to start is the caller's to answer
 * (an error page); a failure midway cuts the download, which the browser reports as failed.
 */
export async function csvStream(
  header: string[],
  batches: AsyncIterator<string[][]>,
): Promise<ReadableStream<Uint8Array>> {
  const encoder = new TextEncoder();
  const first = await batches.next();
  let pending: string | null = BOM + csvRows([header]) + (first.done ? "" : csvRows(first.value));
  let done = first.done === true;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (pending !== null) {
        controller.enqueue(encoder.encode(pending));
        pending = null;
        if (done) controller.close();
        return;
      }
      const next = await batches.next();
      if (next.done) {
        done = true;
        controller.close();
        return;
      }
      controller.enqueue(encoder.encode(csvRows(next.value)));
    },
    async cancel() {
      await batches.return?.(undefined);
    },
  });
}

/** The headers of a CSV download: an attachment with its name, never kept by any cache. */
export function csvHeaders(filename: string): HeadersInit {
  return {
    "Content-Type": CSV_CONTENT_TYPE,
    "Content-Disposition": `attachment; filename="${filename}"`,
    "Cache-Control": "private, no-store",
    "X-Robots-Tag": "noindex",
  };
}

/**
 * A CSV download, or a plain 500 with `failureMessage` when the file cannot start (the caller
 * logs nothing: this does, with `what`).
 */
export async function csvDownload(
  filename: string,
  start: () => Promise<ReadableStream<Uint8Array>>,
  failure: { what: string; message: string },
): Promise<Response> {
  try {
    return new Response(await start(), { headers: csvHeaders(filename) });
  } catch (error) {
    log.error({ err: error }, failure.what);
    return plainTextAnswer(failure.message, 500);
  }
}

/** A short message as the whole answer (a hand-made link's refusal, a failed export). */
export function plainTextAnswer(message: string, status: number): Response {
  return new Response(message, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
  });
}
