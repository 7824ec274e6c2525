import { execFile } from "node:child_process";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import jsQR from "jsqr";
import sharp from "sharp";
import { SHOTS_DIR } from "./screenshots";

/**
 * PDFs as people see them, through Debian's poppler-utils (installed by .ci/run): the text a
 * reader extracts (pdftotext), the pages as PNG (pdftoppm) to look at and to read QR codes from.
 */

const run = promisify(execFile);

async function inTempDir<T>(work: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(tmpdir(), "cv-pdf-"));
  try {
    return await work(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The document's text in reading order (pdftotext -layout keeps lines as printed). */
export function pdfText(pdf: Buffer): Promise<string> {
  return inTempDir(async (dir) => {
    const file = path.join(dir, "doc.pdf");
    await writeFile(file, pdf);
    const { stdout } = await run("pdftotext", ["-enc", "UTF-8", file, "-"]);
    return stdout;
  });
}

/** Page count, fonts and page size as pdfinfo/pdffonts report them. */
export function pdfInfo(pdf: Buffer): Promise<{ pages: number; pageSize: string; fonts: string }> {
  return inTempDir(async (dir) => {
    const file = path.join(dir, "doc.pdf");
    await writeFile(file, pdf);
    const { stdout: info } = await run("pdfinfo", [file]);
    const { stdout: fonts } = await run("pdffonts", [file]);
    return {
      pages: Number(/^Pages:\s+(\d+)/m.exec(info)?.[1] ?? 0),
      pageSize: /^Page size:\s+(.+)$/m.exec(info)?.[1] ?? "",
      fonts,
    };
  });
}

/** Every page as a PNG at `dpi` (pdftoppm), in order. */
export function pdfPages(pdf: Buffer, dpi = 100): Promise<Buffer[]> {
  return inTempDir(async (dir) => {
    const file = path.join(dir, "doc.pdf");
    await writeFile(file, pdf);
    await run("pdftoppm", ["-r", String(dpi), "-png", file, path.join(dir, "page")]);
    const pages = (await readdir(dir)).filter((name) => name.endsWith(".png")).sort();
    return Promise.all(pages.map((name) => readFile(path.join(dir, name))));
  });
}

/** The text of the QR code on a page image, or null when none is found. */
export async function readQr(png: Buffer): Promise<string | null> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const found = jsQR(new Uint8ClampedArray(data), info.width, info.height);
  return found?.data ?? null;
}

/** Keeps a rendered page in /tmp/shots/pdf/<name>.png for a person to look at (cheap: always). */
export async function keepPage(name: string, png: Buffer): Promise<void> {
  const file = path.join(SHOTS_DIR, "pdf", `${name}.png`);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, png);
}
