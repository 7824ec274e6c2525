/** The two ways a page is asked for: without Accept-Encoding, and as browsers ask. */
export const ENCODINGS = ["identity", "br"] as const;
export type Encoding = (typeof ENCODINGS)[number];

export const ACCEPT_ENCODING: Record<Encoding, Record<string, string>> = {
  identity: {},
  br: { "accept-encoding": "br, gzip" },
};
