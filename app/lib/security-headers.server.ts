import { randomFillSync } from "node:crypto";

/** Nonces are cut from this buffer of the system's random bytes, refilled when used up. */
const NONCE_BYTES = 16;
const noncePool = Buffer.alloc(NONCE_BYTES * 256);
let nonceOffset = noncePool.length;

/**
 * A new CSP nonce for one response: 128 random bits in base64. Drawn from a pool filled 256
 * nonces at a time, as Node does for randomUUID: asking the system for 16 bytes per page cost
 * over 1 % of a signed-in page's CPU on this machine (issue 17). Each slice is used once.
 */
export function newNonce(): string {
  if (nonceOffset >= noncePool.length) {
    randomFillSync(noncePool);
    nonceOffset = 0;
  }
  const nonce = noncePool.toString("base64", nonceOffset, nonceOffset + NONCE_BYTES);
  nonceOffset += NONCE_BYTES;
  return nonce;
}

/**
 * Content-Security-Policy for documents (docs/design.md section 8). Scripts need the per-response
 * nonce because React Router inlines its hydration data; styles allow inline attributes that
 * React sets (e.g. progress widths).
 */
export function documentCsp(nonce: string, { dev }: { dev: boolean }): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'${dev ? " 'unsafe-inline'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src 'self'${dev ? " ws: wss:" : ""}`,
    "form-action 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** For everything that is not a document: nothing may run or frame it. */
export const RESOURCE_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'";
