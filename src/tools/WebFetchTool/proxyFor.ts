/**
 * The proxy a URL is fetched through, as curl and most tools read the environment: `https_proxy`
 * (or `HTTPS_PROXY`) for https URLs, `http_proxy` (or `HTTP_PROXY`) for http ones, and hosts in
 * `no_proxy` (or `NO_PROXY`) reached directly: a name and the names under it (`example.com`,
 * `.example.com`, `*.example.com`), an address or an IPv4 range (`10.0.0.0/8`), optionally with a
 * port, or `*` for every host. This machine and its network as written (localhost, an address
 * that is not public) are never reached through a proxy, where they would name the proxy's.
 */
import { BlockList, isIP } from "node:net";
import { classifyAddress } from "./classifyAddress.ts";

/** Through a proxy (its URL, and how messages name it: no credentials), or a setting that cannot be used. */
export type ProxyChoice = { url: string; label: string } | { error: string };

type Environment = Record<string, string | undefined>;

function variable(environment: Environment, name: string): { name: string; value: string } | undefined {
  for (const spelled of [name.toLowerCase(), name.toUpperCase()]) {
    const value = environment[spelled]?.trim();
    if (value !== undefined && value !== "") return { name: spelled, value };
  }
  return undefined;
}

function defaultPort(protocol: string): string {
  return protocol === "https:" ? "443" : "80";
}

/** Whether one no_proxy entry covers the host and port. */
function entryCovers(entry: string, host: string, port: string): boolean {
  let name = entry.toLowerCase();
  let wantedPort: string | undefined;
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(name);
  if (bracketed !== null) {
    name = bracketed[1] as string;
    wantedPort = bracketed[2];
  } else if (isIP(name) !== 6) {
    const withPort = /^(.*):(\d+)$/.exec(name);
    if (withPort !== null) {
      name = withPort[1] as string;
      wantedPort = withPort[2];
    }
  }
  if (wantedPort !== undefined && wantedPort !== port) return false;
  const range = /^(\d+\.\d+\.\d+\.\d+)\/(\d{1,2})$/.exec(name);
  if (range !== null) {
    if (isIP(host) !== 4 || isIP(range[1] as string) !== 4 || Number(range[2]) > 32) return false;
    const list = new BlockList();
    list.addSubnet(range[1] as string, Number(range[2]), "ipv4");
    return list.check(host, "ipv4");
  }
  name = name.replace(/^\*?\./, "").replace(/\.$/, "");
  if (name === "") return false;
  return host === name || (isIP(host) === 0 && host.endsWith(`.${name}`));
}

/** The host as no_proxy entries are compared with it: no IPv6 brackets, lower case, no final dot. */
function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, "$1").toLowerCase().replace(/\.$/, "");
}

/** Whether the environment's no_proxy sends this host past the proxy. */
export function bypassesProxy(url: URL, environment: Environment): boolean {
  const setting = variable(environment, "no_proxy");
  if (setting === undefined) return false;
  const host = hostOf(url);
  const port = url.port || defaultPort(url.protocol);
  return setting.value.split(/[\s,]+/).some((entry) => entry === "*" || (entry !== "" && entryCovers(entry, host, port)));
}

/** This machine or its network by how the host is written: a localhost name, or an address literal that is not public (loopback, unspecified, private, link-local...). */
function isLocalName(host: string): boolean {
  return host === "localhost" || host.endsWith(".localhost") || classifyAddress(host) !== undefined;
}

/** The proxy for `url`, or undefined to connect directly. */
export function proxyFor(url: URL, environment: Environment = process.env): ProxyChoice | undefined {
  if (isLocalName(hostOf(url))) return undefined;
  const setting = variable(environment, url.protocol === "https:" ? "https_proxy" : "http_proxy");
  if (setting === undefined || bypassesProxy(url, environment)) return undefined;
  // Like curl, a proxy written without a scheme is an http:// one.
  const written = /^[a-z][a-z0-9+.-]*:\/\//i.test(setting.value) ? setting.value : `http://${setting.value}`;
  let proxy: URL;
  try {
    proxy = new URL(written);
  } catch {
    return { error: `${setting.name} is not a URL a proxy can have (it should look like http://proxy.example.com:8080)` };
  }
  const label = `${proxy.protocol}//${proxy.host}`;
  if (proxy.protocol !== "http:" && proxy.protocol !== "https:") {
    return { error: `${setting.name} names a ${proxy.protocol.slice(0, -1)} proxy (${label}); WebFetch goes through http:// and https:// proxies only` };
  }
  return { url: proxy.href, label };
}
