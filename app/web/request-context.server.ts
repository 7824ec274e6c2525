import { createContext } from "react-router";

/**
 * Who is on the other end of the request, as the HTTP server saw it (server/client-ip.ts):
 * `ip` is the client's address (for logs); `network` is what per-address rate limits count, the
 * address itself for IPv4 and its /64 for IPv6, where one subscriber gets a whole /64.
 */
export interface Client {
  ip: string;
  network: string;
}

export const clientContext = createContext<Client>({
  ip: "unknown",
  network: "unknown",
});

/**
 * True while a public page is rendered once for every signed-in person (ADR 0053): the HTTP
 * server took the request's cookies away, and the root loader says the header's person is asked
 * for apart (/api/sessao), so the page can be kept and served to every member alike.
 */
export const sharedMemberPageContext = createContext(false);
