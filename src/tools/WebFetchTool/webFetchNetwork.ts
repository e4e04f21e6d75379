/**
 * How WebFetch reaches the network: the resolver that finds a host's addresses (the system's,
 * getaddrinfo, so /etc/hosts counts), any extra certificate authority to trust, and the proxy
 * a URL goes through. A session
 * service, so a test or an embedder can answer for either. A lookup that does not answer within
 * DNS_TIMEOUT_MS fails.
 */
import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import { ToolError } from "../../errors/ToolError.ts";
import { defineService } from "../../session/serviceKey.ts";
import { DNS_TIMEOUT_MS } from "./limits.ts";
import { proxyFor, type ProxyChoice } from "./proxyFor.ts";

/** One address of a host. */
export interface HostAddress {
  address: string;
  family: 4 | 6;
}

/** Answers with every address of a hostname. */
export type HostResolver = (hostname: string) => Promise<HostAddress[]>;

export interface WebFetchNetwork {
  resolve: HostResolver;
  /** PEM certificates trusted besides the system's (a private certificate authority). */
  ca?: string;
  /** The proxy a URL goes through (undefined: connect directly); by default the environment's https_proxy, http_proxy and no_proxy. */
  proxy?: (url: URL) => ProxyChoice | undefined;
}

async function systemResolver(hostname: string): Promise<HostAddress[]> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ToolError(`finding it took longer than ${DNS_TIMEOUT_MS / 1000} s`)), DNS_TIMEOUT_MS);
  });
  try {
    const found = await Promise.race([lookup(hostname, { all: true, verbatim: true }), expired]);
    return found.map((entry) => ({ address: entry.address, family: entry.family === 6 ? 6 : 4 }));
  } finally {
    clearTimeout(timer);
  }
}

/** The session's network: the system resolver and trust store unless one was provided. */
export const webFetchNetworkService = defineService<WebFetchNetwork>({ name: "webFetchNetwork", create: () => ({ resolve: systemResolver, proxy: (url) => proxyFor(url) }) });

/** The hostname without the brackets of an IPv6 literal. */
export function bareHostname(hostname: string): string {
  return hostname.startsWith("[") && hostname.endsWith("]") ? hostname.slice(1, -1) : hostname;
}

/** The addresses of `hostname`: an IP literal stands for itself, a name is looked up. */
export async function resolveHost(hostname: string, resolver: HostResolver): Promise<HostAddress[]> {
  const bare = bareHostname(hostname);
  const family = isIP(bare);
  if (family !== 0) return [{ address: bare, family: family === 6 ? 6 : 4 }];
  const found = await resolver(bare);
  if (found.length === 0) throw new ToolError(`${bare} has no address`);
  return found;
}
