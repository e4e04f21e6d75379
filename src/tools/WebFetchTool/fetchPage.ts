/**
 * One page over HTTP, connected to an address that was checked: the request goes to that IP,
 * with the page's host in the Host header and as the TLS server name (so certificates are still
 * verified against the host), so a DNS answer that changes after the check cannot send it
 * anywhere else. A URL the environment sends through a proxy goes there by name instead (the
 * proxy looks it up and decides what it may reach). Redirects within the same host are followed
 * (at most MAX_REDIRECTS); one to another host is returned, not followed. The body is read up to
 * a byte limit; the whole fetch has a deadline.
 */
import { isIP } from "node:net";
import { ToolError } from "../../errors/ToolError.ts";
import { describeError } from "../../errors/describeError.ts";
import type { ProxyChoice } from "./proxyFor.ts";
import { bareHostname, type HostAddress } from "./webFetchNetwork.ts";

/** The response of the last request: its status, type and as much of its body as was read. */
export interface FetchedPage {
  kind: "page";
  url: string;
  status: number;
  statusText: string;
  contentType: string;
  body: Uint8Array;
  /** The body was longer than the limit and was cut there. */
  truncated: boolean;
}

/** A redirect to another host, reported instead of followed. */
export interface CrossHostRedirect {
  kind: "redirect";
  url: string;
  location: string;
  status: number;
  statusText: string;
}

export interface FetchPageOptions {
  url: URL;
  /** The addresses the permission check judged; nothing else is connected to (empty: the host was not found here). */
  addresses: readonly HostAddress[];
  /** The proxy each request goes through, if any (see proxyFor). */
  proxyFor?: (url: URL) => ProxyChoice | undefined;
  signal: AbortSignal;
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
  headers: Record<string, string>;
  /** Extra TLS options (tests trust their own certificate authority here). */
  tls?: { ca?: string };
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

function defaultPort(protocol: string): string {
  return protocol === "https:" ? "443" : "80";
}

/** Same host, same port, or the same host moving from http to https: the checked addresses still apply. */
export function isSameHost(from: URL, to: URL): boolean {
  if (from.hostname !== to.hostname) return false;
  const fromPort = from.port || defaultPort(from.protocol);
  const toPort = to.port || defaultPort(to.protocol);
  if (from.protocol === to.protocol) return fromPort === toPort;
  return from.protocol === "http:" && to.protocol === "https:" && (from.port === "" || fromPort === "80") && to.port === "";
}

async function readBody(response: Response, maxBytes: number): Promise<{ body: Uint8Array; truncated: boolean }> {
  if (response.body === null) return { body: new Uint8Array(), truncated: false };
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let truncated = false;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (size + value.byteLength > maxBytes) {
      chunks.push(value.subarray(0, maxBytes - size));
      size = maxBytes;
      truncated = true;
      await reader.cancel().catch(() => {});
      break;
    }
    chunks.push(value);
    size += value.byteLength;
  }
  return { body: Buffer.concat(chunks), truncated };
}

/** One GET to `url`, connected to `address`. */
async function requestAt(url: URL, address: HostAddress, options: FetchPageOptions, signal: AbortSignal): Promise<Response> {
  const target = new URL(url.href);
  target.hostname = address.family === 6 ? `[${address.address}]` : address.address;
  target.hash = "";
  const hostname = bareHostname(url.hostname);
  const byName = isIP(hostname) === 0;
  return fetch(target, {
    method: "GET",
    headers: { ...options.headers, Host: url.host },
    redirect: "manual",
    proxy: false,
    signal,
    ...(url.protocol === "https:" ? { tls: { ...(byName ? { serverName: hostname } : {}), ...options.tls } } : {}),
  });
}

/** One GET to `url` through the proxy, which connects to the host by name. */
async function requestThroughProxy(url: URL, proxy: { url: string; label: string }, options: FetchPageOptions, signal: AbortSignal): Promise<Response> {
  const target = new URL(url.href);
  target.hash = "";
  try {
    return await fetch(target, {
      method: "GET",
      headers: options.headers,
      redirect: "manual",
      proxy: proxy.url,
      signal,
      ...(url.protocol === "https:" && options.tls !== undefined ? { tls: options.tls } : {}),
    });
  } catch (error) {
    if (signal.aborted) throw error;
    // The message may quote the proxy's URL: only its label (no credentials) is shown.
    throw new ToolError(`Could not reach ${url.host} through the proxy ${proxy.label} (${describeError(error).replaceAll(proxy.url, proxy.label)}).`);
  }
}

/** Through the proxy the environment names for `url`, or to the checked addresses in turn until one answers. */
async function requestPinned(url: URL, options: FetchPageOptions, signal: AbortSignal): Promise<Response> {
  const proxy = options.proxyFor?.(url);
  if (proxy !== undefined && "error" in proxy) throw new ToolError(`WebFetch cannot use the proxy setting: ${proxy.error}.`);
  if (proxy !== undefined) return requestThroughProxy(url, proxy, options, signal);
  if (options.addresses.length === 0) throw new ToolError(`Could not find the address of ${url.hostname}. Check the URL.`);
  const failures: string[] = [];
  for (const address of options.addresses) {
    try {
      return await requestAt(url, address, options, signal);
    } catch (error) {
      if (signal.aborted) throw error;
      failures.push(`${address.address}: ${describeError(error)}`);
    }
  }
  throw new ToolError(`Could not connect to ${url.host} (${failures.join("; ")}).`);
}

/** Fetches `options.url`; throws ToolError for what the model should hear (timeouts, refused connections, too many redirects). */
export async function fetchPage(options: FetchPageOptions): Promise<FetchedPage | CrossHostRedirect> {
  const deadline = AbortSignal.timeout(options.timeoutMs);
  const signal = AbortSignal.any([options.signal, deadline]);
  let url = options.url;
  try {
    for (let redirects = 0; ; redirects += 1) {
      const response = await requestPinned(url, options, signal);
      const location = response.headers.get("location");
      if (REDIRECTS.has(response.status) && location !== null) {
        await response.body?.cancel().catch(() => {});
        let next: URL;
        try {
          next = new URL(location, url);
        } catch {
          throw new ToolError(`${url.href} redirects to "${location}", which is not a valid URL.`);
        }
        if (!isSameHost(url, next)) return { kind: "redirect", url: url.href, location: next.href, status: response.status, statusText: response.statusText };
        if (redirects >= options.maxRedirects) throw new ToolError(`${options.url.href} redirected more than ${options.maxRedirects} times; stopped at ${next.href}.`);
        url = next;
        continue;
      }
      const { body, truncated } = await readBody(response, options.maxBytes);
      return { kind: "page", url: url.href, status: response.status, statusText: response.statusText, contentType: response.headers.get("content-type") ?? "", body, truncated };
    }
  } catch (error) {
    if (deadline.aborted && !options.signal.aborted) throw new ToolError(`Fetching ${url.href} took longer than ${Math.round(options.timeoutMs / 100) / 10} s, so it was stopped.`);
    throw error;
  }
}
