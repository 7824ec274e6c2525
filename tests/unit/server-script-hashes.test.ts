import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { hashInlineScripts } from "../../server/script-hashes";

const NONCE = "bm9uY2Utb2YtdGhpcy1yZW5kZXI=";
const CSP = `default-src 'self'; script-src 'self' 'nonce-${NONCE}'; object-src 'none'`;
const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

describe("inline scripts allowed by hash on a kept page", () => {
  it("hashes each nonced inline script, drops the nonce, and keeps external scripts by 'self'", () => {
    const context = 'window.__ctx = {"a":"ç"};';
    const modules = 'import "/assets/a.js";';
    const html = `<head><link rel="modulepreload" href="/assets/a.js" nonce="${NONCE}"/><script nonce="${NONCE}">${context}</script></head><body><script type="module" nonce="${NONCE}">${modules}</script><script type="module" src="/assets/b.js" nonce="${NONCE}"></script></body>`;
    const page = hashInlineScripts(html, NONCE, CSP);
    expect(page?.html).not.toContain(NONCE);
    expect(page?.html).toContain(`<script>${context}</script>`);
    expect(page?.html).toContain(`<script type="module" src="/assets/b.js"></script>`);
    expect(page?.csp).toBe(
      `default-src 'self'; script-src 'self' ${sha(context)} ${sha(modules)}; object-src 'none'`,
    );
  });

  it("does not allow a script that did not carry the render's nonce", () => {
    const injected = "alert(document.cookie)";
    const html = `<p>x</p><script>${injected}</script><script nonce="outro">${injected}</script><script nonce="${NONCE}">ok()</script>`;
    const page = hashInlineScripts(html, NONCE, CSP);
    expect(page?.csp).not.toContain(sha(injected));
    expect(page?.csp).toContain(sha("ok()"));
  });

  it("leaves only 'self' when no inline script remains", () => {
    const page = hashInlineScripts("<p>sem scripts</p>", NONCE, CSP);
    expect(page?.csp).toBe("default-src 'self'; script-src 'self'; object-src 'none'");
  });

  it("refuses a page whose nonce shows up outside a script tag", () => {
    expect(hashInlineScripts(`<style nonce="${NONCE}"></style>`, NONCE, CSP)).toBeNull();
    expect(hashInlineScripts(`<p>${NONCE}</p>`, NONCE, CSP)).toBeNull();
    expect(hashInlineScripts("<p></p>", NONCE, "script-src 'self'")).toBeNull();
  });
});
