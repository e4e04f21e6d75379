/**
 * The URL WebFetch will fetch, from what the model wrote: http or https only, no credentials in
 * it, at most MAX_URL_CHARS long; plain http is upgraded to https except on loopback, where
 * local servers rarely speak TLS.
 */
import { classifyAddress } from "./classifyAddress.ts";
import { bareHostname } from "./webFetchNetwork.ts";
import { MAX_URL_CHARS } from "./limits.ts";

export type ParsedFetchUrl = { ok: true; url: URL; upgraded: boolean } | { ok: false; message: string };

/** True for `localhost`, `*.localhost` and loopback IP literals: this machine by its very name. */
export function isLoopbackHostname(hostname: string): boolean {
  const host = bareHostname(hostname).toLowerCase().replace(/\.$/, "");
  return host === "localhost" || host.endsWith(".localhost") || classifyAddress(host) === "loopback";
}

/** Parses and checks the URL; the message says what to fix. */
export function parseFetchUrl(text: string): ParsedFetchUrl {
  if (text.length > MAX_URL_CHARS) return { ok: false, message: `The URL is ${text.length} characters long; WebFetch takes URLs of at most ${MAX_URL_CHARS}.` };
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return { ok: false, message: `"${text}" is not a valid URL. Give a full URL such as https://example.com/page.` };
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    return { ok: false, message: `WebFetch fetches http and https URLs only, not ${url.protocol.slice(0, -1)}: URLs.` };
  }
  if (url.username !== "" || url.password !== "") {
    return { ok: false, message: "The URL carries a user name or password. WebFetch does not send credentials; remove them from the URL." };
  }
  if (url.hostname === "") return { ok: false, message: `"${text}" has no host name.` };
  if (url.protocol === "http:" && !isLoopbackHostname(url.hostname)) {
    const upgraded = new URL(url.href);
    upgraded.protocol = "https:";
    return { ok: true, url: upgraded, upgraded: true };
  }
  return { ok: true, url, upgraded: false };
}
