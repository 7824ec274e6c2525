import { createHash } from "node:crypto";
import { expect } from "vitest";

/** A response body meant for a person: no stack frames, file paths or driver errors leak. */
export function expectNoStackTrace(body: string): void {
  expect(body).not.toMatch(/\n\s+at .+:\d+:\d+/);
  expect(body).not.toMatch(/node_modules|build\/server|file:\/\/|ECONNREFUSED/);
}

/**
 * Checks that a document runs under its own CSP: script-src without 'unsafe-inline', and every
 * inline script allowed either by the response's nonce (rendered pages) or by its SHA-256 (kept
 * public pages, ADR 0042, which then carry no nonce at all). Returns which of the two it was.
 */
export function expectScriptsAllowedByCsp(html: string, csp: string): "nonce" | "hash" {
  const scriptSrc = /(?:^|;)\s*script-src ([^;]*)/.exec(csp)?.[1] ?? "";
  expect(scriptSrc, "script-src").toBeTruthy();
  expect(scriptSrc).not.toContain("'unsafe-inline'");
  const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(scriptSrc)?.[1];
  const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].map((match) => ({
    attributes: match[1] ?? "",
    content: match[2] ?? "",
  }));
  expect(scripts.length).toBeGreaterThan(0);
  for (const { attributes, content } of scripts) {
    if (nonce) {
      expect(attributes).toContain(`nonce="${nonce}"`);
    } else if (!/\ssrc=/.test(attributes)) {
      const hash = createHash("sha256").update(content, "utf8").digest("base64");
      expect(scriptSrc, content.slice(0, 80)).toContain(`'sha256-${hash}'`);
    }
  }
  if (!nonce) expect(html).not.toMatch(/nonce="[^"]+"/);
  return nonce ? "nonce" : "hash";
}
