/**
 * Protection against DNS rebinding for `mcp serve --http`: a web page on another site can make a
 * browser send requests to a local port, but it cannot make the browser say "localhost" (or the
 * bound address) in the Host header, nor its own origin in Origin. So a request is served only
 * when the Host header, and the Origin header if there is one, name the bound host or a loopback
 * name; IP addresses as such are accepted too when serving every interface, since rebinding
 * needs a name the attacker controls.
 */
import { isIP } from "node:net";

/** Loopback names a local client uses. */
const LOOPBACK_NAMES = ["localhost", "127.0.0.1", "::1"];

/** The host part of a Host header value or an origin, lower case, without port or brackets. */
function hostName(value: string, isOrigin: boolean): string | undefined {
  try {
    const url = new URL(isOrigin ? value : `http://${value}`);
    return url.hostname.toLowerCase().replace(/^\[|\]$/g, "");
  } catch {
    return undefined;
  }
}

/** Whether a request may be served; `boundHost` is the address the server listens on. */
export function isAllowedRequest(headers: Headers, boundHost: string): boolean {
  const bound = boundHost.toLowerCase().replace(/^\[|\]$/g, "");
  const wildcard = bound === "0.0.0.0" || bound === "::";
  const allowed = (name: string | undefined) =>
    name !== undefined && (LOOPBACK_NAMES.includes(name) || name === bound || (wildcard && isIP(name) !== 0));
  const host = headers.get("host");
  if (host === null || !allowed(hostName(host, false))) return false;
  const origin = headers.get("origin");
  return origin === null || allowed(hostName(origin, true));
}

/** True when `host` is a loopback address or name (what serving without `--allow-remote` requires). */
export function isLoopbackHost(host: string): boolean {
  const name = host.toLowerCase().replace(/^\[|\]$/g, "");
  return name === "localhost" || name === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(name);
}
