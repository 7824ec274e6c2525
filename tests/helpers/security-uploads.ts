import { deflateSync } from "node:zlib";
import { NOT_AN_IMAGE } from "~/images/image-messages";
import { FAKE_PNG, makeJpeg } from "./images";

/**
 * Hostile files for the upload tests (tests/e2e/security-uploads.test.ts), each made on the spot:
 * what a browser would send for them (name and declared type) and the bytes.
 */

export interface UploadFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

const SVG_WITH_SCRIPT = `<?xml version="1.0"?>
<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" onload="window.__xss=1">
  <script>window.__xss = 1; alert(document.cookie)</script>
  <rect width="100" height="100" fill="red"/>
</svg>`;

/** What would run if the stored image were ever served as a page. */
export const POLYGLOT_SCRIPT = "<script>window.__xss=1;alert(document.cookie)</script>";

const crc32Table = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (crc32Table[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A decompression bomb: a real PNG header declaring 20 000 x 20 000 pixels (1.2 GB once
 * decoded) with a few kilobytes of data. The pipeline must refuse it from the header alone.
 */
export function pixelBomb(side = 20_000): UploadFile {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour RGB
  const row = Buffer.alloc(1 + side * 3); // filter byte + black pixels
  const buffer = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    pngChunk("IDAT", deflateSync(Buffer.concat([row, row, row, row]))),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
  return { name: "bomba.png", mimeType: "image/png", buffer };
}

/** Every hostile file, with the pt-BR refusal each must get (null: accepted, re-encoded). */
export async function hostileFiles(): Promise<
  { what: string; file: UploadFile; refusal: { status: number; message: string } | null }[]
> {
  const notAnImage = { status: 400, message: NOT_AN_IMAGE };
  const jpeg = await makeJpeg({ width: 900, height: 400 });
  return [
    {
      what: "SVG with a script",
      file: { name: "foto.svg", mimeType: "image/svg+xml", buffer: Buffer.from(SVG_WITH_SCRIPT) },
      refusal: notAnImage,
    },
    {
      what: "SVG with a script renamed .png",
      file: { name: "foto.png", mimeType: "image/png", buffer: Buffer.from(SVG_WITH_SCRIPT) },
      refusal: notAnImage,
    },
    { what: "a text file renamed .png", file: FAKE_PNG, refusal: notAnImage },
    {
      what: "a text file renamed .jpg",
      file: { ...FAKE_PNG, name: "foto.jpg", mimeType: "image/jpeg" },
      refusal: notAnImage,
    },
    {
      what: "a 20 000 x 20 000 pixel bomb",
      file: pixelBomb(),
      refusal: {
        status: 400,
        message: "A imagem tem dimensões grandes demais. Envie uma foto menor.",
      },
    },
    // Issue 13 raised the limit from 5 MB to 15 MB (camera photos without JavaScript): the
    // cases moved from 6 MB and 20 MB to 16 MB and 40 MB, over the new limits.
    {
      what: "a 16 MB photo",
      file: {
        name: "grande.jpg",
        mimeType: "image/jpeg",
        buffer: Buffer.concat([jpeg, Buffer.alloc(16 * 1024 * 1024)]),
      },
      refusal: { status: 400, message: "A foto tem mais de 15 MB. Escolha uma foto menor." },
    },
    {
      what: "a 40 MB file",
      file: {
        name: "enorme.jpg",
        mimeType: "image/jpeg",
        buffer: Buffer.concat([jpeg, Buffer.alloc(40 * 1024 * 1024)]),
      },
      refusal: {
        status: 413,
        message: "O envio é grande demais. Cada foto pode ter no máximo 15 MB.",
      },
    },
    {
      what: "a JPEG/HTML polyglot",
      file: {
        name: "foto.jpg",
        mimeType: "image/jpeg",
        buffer: Buffer.concat([jpeg, Buffer.from(`<html><body>${POLYGLOT_SCRIPT}</body></html>`)]),
      },
      refusal: null,
    },
  ];
}
