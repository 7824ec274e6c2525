import type { IncomingMessage } from "node:http";
import ipaddr from "ipaddr.js";
import proxyAddr from "proxy-addr";
import type { TrustProxy } from "~/config/env.server";

/**
 * Who sent the request. Without a trusted proxy, the socket's address. Behind proxies
 * (TRUST_PROXY), the address the last trusted proxy saw, read from X-Forwarded-For from the right:
 * entries a client wrote itself sit to the left of those its proxies appended, so they are
 * never believed. proxy-addr (Express's implementation) walks the chain.
 */
export function createClientAddress(trust: TrustProxy): (req: IncomingMessage) => string {
  if (trust.kind === "none") return (req) => socketAddress(req);
  const trusts =
    trust.kind === "hops"
      ? (_address: string, hop: number) => hop < trust.hops
      : proxyAddr.compile(trust.addresses);
  return (req) => {
    let address: string;
    try {
      address = proxyAddr(req, trusts);
    } catch {
      return socketAddress(req);
    }
    // A forwarded entry that is not an address: the proxy's own view is all we can trust.
    return ipaddr.isValid(address) ? normalize(address) : socketAddress(req);
  };
}

function socketAddress(req: IncomingMessage): string {
  return normalize(req.socket.remoteAddress ?? "unknown");
}

/** "::ffff:1.2.3.4" (an IPv4 client on a dual-stack socket) is the IPv4 address 1.2.3.4. */
function normalize(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  return parsed.toString();
}

/**
 * What per-address limits count: an IPv4 address, or the /64 of an IPv6 one. A home or phone
 * connection gets a whole /64 and can use any address in it, so counting single IPv6 addresses
 * would give one attacker 2^64 fresh counters.
 */
export function rateLimitNetwork(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === "ipv4") return parsed.toString();
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4);
  return `${ipaddr.IPv6.parse(`${parts.map((part) => part.toString(16)).join(":")}::`).toString()}/64`;
}
