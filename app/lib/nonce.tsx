import { createContext, useContext } from "react";

/**
 * The per-response CSP nonce. Set by entry.server around the document; empty in the browser,
 * which hides nonces from the DOM anyway.
 */
const NonceContext = createContext("");

export const NonceProvider = NonceContext.Provider;

export function useNonce(): string {
  return useContext(NonceContext);
}
