import { useNonce } from "~/lib/nonce";

/**
 * Structured data for search engines (schema.org), as a <script type="application/ld+json">.
 * The CSP lets only nonced scripts run, and Chromium applies that to data blocks too, so the tag
 * carries the response's nonce. "<" is escaped so no text inside can close the tag.
 */
export function JsonLd({ data }: { data: Record<string, unknown> }) {
  const nonce = useNonce();
  const json = JSON.stringify(data).replace(/</g, "\\u003c");
  return (
    <script
      type="application/ld+json"
      nonce={nonce || undefined}
      suppressHydrationWarning
      // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with "<" escaped, from our own data.
      dangerouslySetInnerHTML={{ __html: json }}
    />
  );
}
