import path from "node:path";
import { onDemand } from "~/lib/on-demand.server";
import { asOneLine } from "~/lib/plain-text";
import { projectRoot } from "~/lib/project-root.server";

/**
 * A4 documents the platform issues (termos de adesão, certificates; ADR 0048): pdfkit lays out
 * and wraps the text, DejaVu fonts are embedded (subset) so every accent of pt-BR renders in any
 * reader, and QR codes are drawn as vector squares, sharp at any zoom. Callers describe content
 * through PdfWriter; page breaks, margins and the footer on every page are handled here.
 * Every text drawn goes through `asOneLine` first: a control character, a line break or a bidi
 * override in a value never reaches the page (pdfkit would break the line at a newline and
 * draw the rest of the text reversed after an RLO); a new line is a new call.
 * pdfkit and qrcode load at the first document (ADR 0041): most processes never issue one.
 */

const loadPdfKit = onDemand("pdfkit", () => import("pdfkit"));
const loadQrCode = onDemand("qrcode", () => import("qrcode"));

const FONT_DIR = path.join(projectRoot(), "node_modules/dejavu-fonts-ttf/ttf");
const FONTS = {
  serif: path.join(FONT_DIR, "DejaVuSerif.ttf"),
  serifBold: path.join(FONT_DIR, "DejaVuSerif-Bold.ttf"),
  sans: path.join(FONT_DIR, "DejaVuSans.ttf"),
  sansBold: path.join(FONT_DIR, "DejaVuSans-Bold.ttf"),
} as const;

/** 2 cm margins: what printed documents in Brazil (ABNT) are used to. */
const MARGIN = 57;
const INK = "#1f2937";
const MUTED = "#4b5563";
const RULE = "#9ca3af";

type QRCodeMatrix = import("qrcode").QRCode;

export interface PdfMetadata {
  title: string;
  /** Who issues the document, as readers show it (the platform's name). */
  author: string;
  subject?: string;
  /** Fixed by the caller so the same document renders to the same bytes. */
  createdAt: Date;
}

export interface PdfWriter {
  /** The document's title, centred, large. */
  title(text: string): void;
  /** A smaller centred line under the title. */
  subtitle(text: string): void;
  heading(text: string): void;
  /** Justified body text; `bold` ranges are not supported on purpose: keep documents plain. */
  paragraph(text: string, options?: { align?: "left" | "justify" | "center"; size?: number }): void;
  /** "Label: value" lines, the label in bold. */
  fields(rows: ReadonlyArray<readonly [label: string, value: string]>): void;
  /** A numbered or bulleted clause list. */
  list(items: readonly string[], options?: { numbered?: boolean }): void;
  /** A line to sign over, with the name and role printed under it, and an optional note. */
  signature(name: string, role: string, note?: string): void;
  /** A QR code of `text` at the left, `caption` lines beside it. */
  qr(text: string, caption: readonly string[]): Promise<void>;
  space(lines?: number): void;
  /** A footer printed on every page (small, muted, centred). */
  footer(text: string): void;
}

export async function renderPdf(
  metadata: PdfMetadata,
  write: (pdf: PdfWriter) => void | Promise<void>,
): Promise<Buffer> {
  const [{ default: PDFDocument }, { default: QRCode }] = await Promise.all([
    loadPdfKit(),
    loadQrCode(),
  ]);
  const doc = new PDFDocument({
    size: "A4",
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    bufferPages: true,
    info: {
      Title: asOneLine(metadata.title),
      Author: asOneLine(metadata.author),
      Subject: asOneLine(metadata.subject ?? metadata.title),
      Creator: asOneLine(metadata.author),
      Producer: asOneLine(metadata.author),
      CreationDate: metadata.createdAt,
      ModDate: metadata.createdAt,
    },
    lang: "pt-BR",
    displayTitle: true,
    pdfVersion: "1.7",
  });
  for (const [name, file] of Object.entries(FONTS)) doc.registerFont(name, file);
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  let footerText = "";
  const width = doc.page.width - MARGIN * 2;
  const body = (size = 11) => doc.font("serif").fontSize(size).fillColor(INK);

  const writer: PdfWriter = {
    title(text) {
      doc.font("sansBold").fontSize(18).fillColor(INK).text(asOneLine(text), { align: "center" });
      doc.moveDown(0.3);
    },
    subtitle(text) {
      doc.font("sans").fontSize(11).fillColor(MUTED).text(asOneLine(text), { align: "center" });
      doc.moveDown(0.8);
    },
    heading(text) {
      doc.moveDown(0.6);
      doc.font("sansBold").fontSize(12).fillColor(INK).text(asOneLine(text));
      doc.moveDown(0.3);
    },
    paragraph(text, options = {}) {
      body(options.size).text(asOneLine(text), {
        align: options.align ?? "justify",
        lineGap: 2,
      });
      doc.moveDown(0.5);
    },
    fields(rows) {
      for (const [label, value] of rows) {
        doc
          .font("sansBold")
          .fontSize(10)
          .fillColor(INK)
          .text(`${asOneLine(label)}: `, { continued: true });
        doc.font("serif").fontSize(11).text(asOneLine(value), { lineGap: 1 });
      }
      doc.moveDown(0.5);
    },
    list(items, options = {}) {
      items.forEach((item, index) => {
        const mark = options.numbered ? `${index + 1}. ` : "• ";
        body().text(`${mark}${asOneLine(item)}`, { align: "justify", indent: 0, lineGap: 2 });
        doc.moveDown(0.3);
      });
      doc.moveDown(0.3);
    },
    signature(name, role, note) {
      doc.moveDown(2.2);
      if (doc.y > doc.page.height - MARGIN - 60) doc.addPage();
      const lineWidth = Math.min(260, width);
      const x = MARGIN + (width - lineWidth) / 2;
      doc
        .moveTo(x, doc.y)
        .lineTo(x + lineWidth, doc.y)
        .lineWidth(0.7)
        .strokeColor(RULE)
        .stroke();
      doc.moveDown(0.3);
      doc.font("sans").fontSize(10).fillColor(INK).text(asOneLine(name), { align: "center" });
      doc.font("sans").fontSize(9).fillColor(MUTED).text(asOneLine(role), { align: "center" });
      if (note) doc.fontSize(8).text(asOneLine(note), { align: "center" });
    },
    async qr(text, caption) {
      const size = 96;
      if (doc.y > doc.page.height - MARGIN - size - 20) doc.addPage();
      const top = doc.y;
      drawQr(doc, QRCode.create(text, { errorCorrectionLevel: "M" }), MARGIN, top, size);
      const captionX = MARGIN + size + 16;
      doc.font("sans").fontSize(9).fillColor(MUTED);
      let y = top + 8;
      for (const line of caption) {
        doc.text(asOneLine(line), captionX, y, { width: width - size - 16 });
        y = doc.y + 2;
      }
      doc.x = MARGIN;
      doc.y = Math.max(top + size, y) + 8;
    },
    space(lines = 1) {
      doc.moveDown(lines);
    },
    footer(text) {
      footerText = asOneLine(text);
    },
  };

  await write(writer);
  if (footerText) {
    const range = doc.bufferedPageRange();
    for (let page = range.start; page < range.start + range.count; page++) {
      doc.switchToPage(page);
      const bottom = doc.page.margins.bottom;
      doc.page.margins.bottom = 0;
      doc
        .font("sans")
        .fontSize(8)
        .fillColor(MUTED)
        .text(
          `${footerText} — página ${page + 1} de ${range.count}`,
          MARGIN,
          doc.page.height - 36,
          {
            width,
            align: "center",
            lineBreak: false,
          },
        );
      doc.page.margins.bottom = bottom;
    }
  }
  doc.end();
  return finished;
}

/** The QR code as filled squares (error correction M: survives a printed, folded page). */
function drawQr(doc: PDFKit.PDFDocument, code: QRCodeMatrix, x: number, y: number, size: number) {
  const count = code.modules.size;
  // A quiet zone of 4 modules, as readers expect.
  const cell = size / (count + 8);
  doc.save().rect(x, y, size, size).fill("#ffffff");
  doc.fillColor("#000000");
  for (let row = 0; row < count; row++) {
    for (let column = 0; column < count; column++) {
      if (code.modules.get(row, column)) {
        doc.rect(x + (column + 4) * cell, y + (row + 4) * cell, cell, cell);
      }
    }
  }
  doc.fill().restore();
}
