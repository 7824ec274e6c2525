import type { IncomingMessage } from "node:http";
import { IMAGE_MAX_UPLOAD_BYTES, IMAGE_MAX_UPLOAD_MB } from "~/config/constants";
import { IMAGE_TOO_LARGE } from "~/images/image-messages";
import { waitForTurn } from "~/lib/event-loop-turn";
import { type PartLimits, type PartProblem, partMeter } from "./form-part-meter";

/**
 * Form posts are read here, within the route's limits, before anything parses them: a login
 * post carrying millions of empty fields is refused after a few kilobytes instead of blocking the
 * event loop while FormData is built. Limits are per route kind:
 * - sign-in, password and logout forms hold two or three short fields;
 * - forms with file fields hold at most two photos and the text around them (an institution's
 *   sign-up step posts a logo and a cover, each up to 15 MB without JavaScript);
 * - the photo staging endpoint (/auth/fotos) holds one photo, already downsized by the browser;
 * - every other form holds text only (the longest field is 1 200 characters).
 */
export interface BodyLimit {
  maxBytes: number;
  /** Fields of a urlencoded body, or parts of a multipart one. */
  maxFields: number;
  /** What a person is told when the body is larger. */
  tooLarge: string;
  /**
   * Each field's own bound, checked while the body streams in (ADR 0071): text fields are small
   * everywhere (the longest is 1 200 characters), only file parts may be large.
   */
  parts: PartLimits;
}

/** One text field, as sent: 1 200 characters of pt-BR percent-encoded are about 7 KB. */
const TEXT_PART_BYTES = 64 * 1024;

const TOO_LARGE_FORM = "O envio é grande demais para este formulário.";
/** Forms without photos: the whole body's limit bounds every part already. */
const textOnly = (maxBytes: number): PartLimits => ({ textBytes: maxBytes, fileBytes: maxBytes });
/**
 * Forms with photos: a text field stays small, a file part is bounded by the body's limit only.
 * A photo over its own limit (IMAGE_MAX_UPLOAD_MB) reaches the action, whose image check answers
 * with the form, what was typed and the photo's message, instead of a bare refusal (ADR 0071).
 */
const withPhotos = (maxBytes: number): PartLimits => ({
  textBytes: TEXT_PART_BYTES,
  fileBytes: maxBytes,
});

const SHORT_FORM: BodyLimit = {
  maxBytes: 8 * 1024,
  maxFields: 16,
  tooLarge: TOO_LARGE_FORM,
  parts: textOnly(8 * 1024),
};
const TEXT_FORM: BodyLimit = {
  maxBytes: 64 * 1024,
  maxFields: 64,
  tooLarge: TOO_LARGE_FORM,
  parts: textOnly(64 * 1024),
};
const UPLOAD_FORM_BYTES = 2 * IMAGE_MAX_UPLOAD_BYTES + 1024 * 1024;
const UPLOAD_FORM: BodyLimit = {
  maxBytes: UPLOAD_FORM_BYTES,
  maxFields: 64,
  tooLarge: `O envio é grande demais. Cada foto pode ter no máximo ${IMAGE_MAX_UPLOAD_MB} MB.`,
  parts: withPhotos(UPLOAD_FORM_BYTES),
};
/** One photo and its kind: what the browser's staging upload (XHR, with progress) posts. */
const PHOTO_UPLOAD_BYTES = IMAGE_MAX_UPLOAD_BYTES + 64 * 1024;
const PHOTO_UPLOAD: BodyLimit = {
  maxBytes: PHOTO_UPLOAD_BYTES,
  maxFields: 8,
  tooLarge: IMAGE_TOO_LARGE,
  parts: withPhotos(PHOTO_UPLOAD_BYTES),
};

const SHORT_FORM_PATHS = new Set([
  "/auth/login",
  "/admin/login",
  "/auth/esqueci-minha-senha",
  "/auth/resetar-senha",
  "/auth/sair",
  "/app/atualizar-senha",
  // The one-click opt-out (RFC 8058) and the e-mail confirmation: a token and a button.
  "/e-mail/cancelar",
  "/auth/confirmar-email",
]);
const UPLOAD_FORM_PATHS = [
  /^\/auth\/cadastro$/,
  /^\/app\/atualizar-voluntario$/,
  /^\/app\/atualizar-instituicao$/,
  /^\/app\/novo-evento$/,
  /^\/app\/eventos\/[^/]+\/editar$/,
];

/** The limit for a post to `pathname` (React Router's `.data` twin included). */
export function bodyLimitFor(pathname: string): BodyLimit {
  const path = pathname.replace(/\.data$/, "").replace(/\/$/, "") || "/";
  if (SHORT_FORM_PATHS.has(path)) return SHORT_FORM;
  if (UPLOAD_FORM_PATHS.some((pattern) => pattern.test(path))) return UPLOAD_FORM;
  if (path === "/auth/fotos") return PHOTO_UPLOAD;
  return TEXT_FORM;
}

/** The largest body any route accepts: what the refusal path is willing to read and drop. */
export const LARGEST_BODY_BYTES = UPLOAD_FORM.maxBytes;

export interface BodyRefusal {
  status: 413;
  message: string;
  /**
   * Answered at once, before the rest of the body arrives, which is then read and dropped
   * (server/app.ts): for parts no form of ours sends (an oversize text field, huge part
   * headers). A photo over the limit is answered once the body arrived, as before.
   */
  midway?: boolean;
}

const PART_REFUSALS: Record<PartProblem, BodyRefusal> = {
  text: { status: 413, message: "Um campo do formulário é grande demais.", midway: true },
  file: { status: 413, message: IMAGE_TOO_LARGE },
  headers: { status: 413, message: "O formulário enviado está malformado.", midway: true },
};

const tooLarge = (limit: BodyLimit): BodyRefusal => ({ status: 413, message: limit.tooLarge });
const TOO_MANY_FIELDS: BodyRefusal = {
  status: 413,
  message: "O formulário enviado tem campos demais.",
};

/** A refusal that can be decided from the headers alone, before any byte of the body is read. */
export function declaredBodyProblem(req: IncomingMessage, limit: BodyLimit): BodyRefusal | null {
  const declared = req.headers["content-length"];
  if (declared !== undefined && Number(declared) > limit.maxBytes) return tooLarge(limit);
  return null;
}

export type BodyResult = { ok: true; body: Buffer } | { ok: false; refusal: BodyRefusal };

/**
 * Reads the whole body, stopping at the limit (a chunked body has no declared length to check
 * first) or at the first field over its own limit, then counts its fields. Resolves null when
 * the client went away meanwhile.
 */
export function readBody(req: IncomingMessage, limit: BodyLimit): Promise<BodyResult | null> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const meter = partMeter(req.headers["content-type"] ?? "", limit.parts);
    let size = 0;
    let settled = false;
    const settle = (result: BodyResult | null) => {
      if (settled) return;
      settled = true;
      req.off("data", onData);
      resolve(result);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit.maxBytes) {
        chunks.length = 0;
        settle({ ok: false, refusal: tooLarge(limit) });
        return;
      }
      const problem = meter(chunk);
      if (problem) {
        chunks.length = 0;
        settle({ ok: false, refusal: PART_REFUSALS[problem] });
        return;
      }
      chunks.push(chunk);
    };
    req.on("data", onData);
    req.once("end", () => {
      // Gathering and counting megabytes of photos is the request's first long step: it waits
      // for a turn of its own, as do the others that arrived with it (app/lib/event-loop-turn).
      void waitForTurn().then(() => {
        if (settled) return; // The connection failed meanwhile.
        const body = Buffer.concat(chunks, size);
        const fields = countFields(body, req.headers["content-type"] ?? "", limit.maxFields);
        settle(
          fields > limit.maxFields ? { ok: false, refusal: TOO_MANY_FIELDS } : { ok: true, body },
        );
      });
    });
    req.once("error", () => settle(null));
    req.once("close", () => {
      if (!req.complete) settle(null);
    });
  });
}

/**
 * Fields in a urlencoded body ("&"-separated) or parts in a multipart one (boundary lines),
 * counted up to `stopAfter + 1`: past the limit the exact number does not matter.
 */
export function countFields(body: Buffer, contentType: string, stopAfter: number): number {
  if (body.length === 0) return 0;
  const type = contentType.toLowerCase();
  if (type.startsWith("application/x-www-form-urlencoded")) {
    return occurrences(body, Buffer.from("&"), stopAfter) + 1;
  }
  if (type.startsWith("multipart/form-data")) {
    const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
    const value = boundary?.[1] ?? boundary?.[2];
    if (!value) return 0;
    // Each part opens with a delimiter line; one more closes the body.
    return Math.max(0, occurrences(body, Buffer.from(`--${value}`), stopAfter + 1) - 1);
  }
  // Not a form: React Router's form reading refuses it with its own message.
  return 0;
}

function occurrences(body: Buffer, separator: Buffer, stopAfter: number): number {
  let count = 0;
  let at = body.indexOf(separator);
  while (at !== -1 && count <= stopAfter) {
    count++;
    at = body.indexOf(separator, at + separator.length);
  }
  return count;
}
