/**
 * Protection against DNS rebinding for `mcp serve --http`: a web page on another site can make a
 * browser send requests to a local port, but it cannot make the browser say "localhost" (or the
 * bound address) in the Host header, nor its own origin in Origin. So a request is served only
 * when the Host header, and the Origin header if there is one, name the bound host or a loopback
 * name; IP addresses as such are accepted too when serving every interface, since rebinding
 * needs a name the attacker controls. An Origin must also name the Host header's port: a page
 * another local server serves (http://localhost:3000) is another origin, not this server's.
 */
import { isIP } from "node:net";

/** Loopback names a local client uses. */
const LOOPBACK_NAMES = ["localhost", "127.0.0.1", "::1"];

/** The host part of a Host header value or an origin (lower case, without brackets) and its port ("" for the scheme's own). */
function hostAndPort(value: string, isOrigin: boolean): { name: string; port: string } | undefined {
  try {
    const url = new URL(isOrigin ? value : `http://${value}`);
    return { name: url.hostname.toLowerCase().replace(/^\[|\]$/g, ""), port: url.port };
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
  const hostHeader = headers.get("host");
  const host = hostHeader === null ? undefined : hostAndPort(hostHeader, false);
  if (host === undefined || !allowed(host.name)) return false;
  const originHeader = headers.get("origin");
  if (originHeader === null) return true;
  const origin = hostAndPort(originHeader, true);
  // Only http(s) origins have a host; "null" (a sandboxed page, a file) and others do not parse to one.
  return origin !== undefined && /^https?:/i.test(originHeader) && allowed(origin.name) && origin.port === host.port;
}

/** True when `host` is a loopback address or name (what serving without `--allow-remote` requires). */
export function isLoopbackHost(host: string): boolean {
  const name = host.toLowerCase().replace(/^\[|\]$/g, "");
  return name === "localhost" || name === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(name);
}
