/**
 * `WebFetch(domain:example.com)`: the URL's host, compared case-insensitively without a trailing
 * dot; `*.example.com` matches subdomains, not the apex. The host comes from the WHATWG URL
 * parser, so `user@host`, `evil.com/good.com` and IPv4 literals in odd notations resolve as a
 * browser would resolve them. Never a prefix or substring test.
 */

/** The normalised host of `url`, or undefined when it is not an http(s) URL with a host. */
export function hostOfUrl(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return undefined;
  const host = parsed.hostname.toLowerCase().replace(/\.+$/, "");
  return host === "" ? undefined : host;
}

/** True when `host` (normalised) matches the rule's domain pattern. */
export function matchDomain(pattern: string, host: string): boolean {
  let domain = pattern.trim().toLowerCase().replace(/\.+$/, "");
  if (domain.startsWith("*.")) {
    domain = domain.slice(2);
    try {
      domain = new URL(`http://${domain}`).hostname;
    } catch {
      return false;
    }
    return host.endsWith(`.${domain}`) && host.length > domain.length + 1;
  }
  try {
    domain = new URL(`http://${domain}`).hostname.replace(/\.+$/, "");
  } catch {
    return false;
  }
  return host === domain;
}
