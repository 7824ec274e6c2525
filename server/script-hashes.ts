import { createHash } from "node:crypto";

/**
 * A cached public page is answered as the same bytes every time (compressed once, written in one
 * piece), so it cannot carry a fresh CSP nonce per answer, and a nonce repeated across answers
 * would be one an attacker could learn. Instead the inline scripts the page was rendered with
 * are allowed by their SHA-256 (CSP level 2 hashes): the nonce attributes leave the body and the
 * header lists one hash per inline script. Only scripts that carried this render's nonce are
 * hashed, so markup injected into the page (which could not know the nonce) stays blocked, as it
 * was under the nonce.
 */
const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/g;
/** Module preloads carry the nonce too; their same-origin URLs are allowed by 'self'. */
const LINK = /<link\b[^>]*>/g;

export interface HashedPage {
  html: string;
  csp: string;
}

/**
 * The page with its nonce replaced by script hashes, or null when the nonce appears anywhere
 * this cannot account for (then the page is not reused).
 */
export function hashInlineScripts(html: string, nonce: string, csp: string): HashedPage | null {
  const attribute = ` nonce="${nonce}"`;
  const hashes = new Set<string>();
  const hashed = html
    .replace(SCRIPT, (whole, attributes: string, content: string) => {
      if (!attributes.includes(attribute)) return whole;
      const rest = attributes.replace(attribute, "");
      if (!/\ssrc=/.test(rest)) {
        hashes.add(`'sha256-${createHash("sha256").update(content, "utf8").digest("base64")}'`);
      }
      return `<script${rest}>${content}</script>`;
    })
    .replace(LINK, (link) => link.replace(attribute, ""));
  const source = `'nonce-${nonce}'`;
  if (hashed.includes(nonce) || !csp.includes(source)) return null;
  const allowed = [...hashes].join(" ");
  return { html: hashed, csp: csp.replace(` ${source}`, allowed ? ` ${allowed}` : "") };
}
