/**
 * `WebFetch(domain:example.com)`: the URL's host, compared case-insensitively without a trailing
 * dot; `*.example.com` matches subdomains, not the apex. The host comes from the WHATWG URL
 * parser, so `user@host`, `evil.com/good.com` and IPv4 literals in odd notations resolve as a
 * browser would resolve them. Never a prefix or substring test.
 */

/** An IPv4 address written as IPv4-mapped IPv6 (`[::ffff:7f00:1]`) in dotted form; other hosts unchanged. */
function unmapIpv4(host: string): string {
  const mapped = /^\[::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})\]$/.exec(host);
  if (mapped === null) return host;
  const high = parseInt(mapped[1] as string, 16);
  const low = parseInt(mapped[2] as string, 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join(".");
}

/**
 * The normalised host of `url`, or undefined when it has none. Only http(s) URLs count unless
 * `anyScheme` (deny and ask rules: `ws://evil.com` is still evil.com).
 */
export function hostOfUrl(url: string, anyScheme = false): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (!anyScheme && parsed.protocol !== "http:" && parsed.protocol !== "https:") return undefined;
  const host = unmapIpv4(parsed.hostname.toLowerCase().replace(/\.+$/, ""));
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
    domain = unmapIpv4(new URL(`http://${domain}`).hostname.replace(/\.+$/, ""));
  } catch {
    return false;
  }
  return host === domain;
}
