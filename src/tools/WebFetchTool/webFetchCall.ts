/**
 * What WebFetch does when it is called: the URL checked, the permission judged without touching
 * the network, then the host resolved, asked about again when it turns out to lead to this
 * machine's own network, the page fetched from exactly the addresses the lookup found (or
 * through the proxy the environment names, for a host not found local), kept in the page cache,
 * and read by the small model. Loaded by WebFetchTool.ts on first use.
 */
import type { PermissionResult, ToolResult, ToolUseContext } from "../../Tool.ts";
import type { PermissionDecision } from "../../permissions/types.ts";
import { PermissionDeniedError } from "../../errors/PermissionDeniedError.ts";
import { ToolError } from "../../errors/ToolError.ts";
import { getBuildInfo } from "../../buildInfo.ts";
import { describeError } from "../../errors/describeError.ts";
import { modelService, type ModelAccess } from "../../query/modelAccess.ts";
import { requestModelMessage } from "../../query/requestModelMessage.ts";
import { checkHost, describeLocalAddress, localByName } from "./checkHost.ts";
import { fetchPage } from "./fetchPage.ts";
import { webFetchNetworkService } from "./webFetchNetwork.ts";
import { MAX_ANSWER_TOKENS, MAX_CACHED_CHARS, MAX_CACHED_PAGES, MAX_CONTENT_CHARS, MAX_REDIRECTS, MAX_RESPONSE_BYTES } from "./limits.ts";
import { PageCache, type CachedPage } from "./pageCache.ts";
import { parseFetchUrl } from "./parseFetchUrl.ts";
import { askReason, READER_SYSTEM_PROMPT, redirectText, renderReaderRequest, type PageWindow } from "./prompt.ts";
import { readPageText } from "./readPageText.ts";
import { cacheTtlMs, fetchTimeoutMs } from "./webFetchSettings.ts";

export interface WebFetchOutput {
  /** The URL as fetched (after an http upgrade). */
  url: string;
  /** Where the page was found, after redirects within its host. */
  finalUrl: string;
  code: number;
  codeText: string;
  bytes: number;
  /** The small model's answer, or what a redirect to another host said. */
  result: string;
  durationMs: number;
  /** Set when the page goes on past what was read. */
  window?: PageWindow;
  redirect?: { location: string };
}

interface WebFetchInput {
  url: string;
  prompt: string;
  offset?: number;
}

/** Pages fetched lately, shared by every session of the process. */
const pages = new PageCache({ maxPages: MAX_CACHED_PAGES, maxChars: MAX_CACHED_CHARS });

/**
 * What a call's lookup found that the first check could not know (its name leads to this
 * machine's network), by the call's input, for the second check the call asks for.
 */
const foundLocal = new WeakMap<object, string>();

/** Asks the permission engine again about this call, now that the lookup found where it leads. */
export type RecheckPermission = () => Promise<PermissionDecision>;

function urlOf(input: { url: string }): URL {
  const parsed = parseFetchUrl(input.url);
  if (!parsed.ok) throw new ToolError(parsed.message);
  return parsed.url;
}

/** A URL that does not parse is refused before anything else, saying what is wrong with it. */
export function validateFetchInput(input: WebFetchInput): { result: true } | { result: false; message: string } {
  const parsed = parseFetchUrl(input.url);
  return parsed.ok ? { result: true } : { result: false, message: parsed.message };
}

/**
 * The permission check, made without a lookup: a name resolved before anyone approved the call
 * would already tell the name's DNS server whatever the model put in it. A host local by how it is
 * written, or one a call's lookup found local, is named, so that only a rule naming it allows it.
 */
export async function checkFetchPermissions(input: WebFetchInput): Promise<PermissionResult> {
  const parsed = parseFetchUrl(input.url);
  // A URL that does not parse never reaches the network: validation says what is wrong with it.
  if (!parsed.ok) return { behavior: "passthrough" };
  const url = parsed.url;
  // A whole-tool allow opens the web, not this machine's own network: a local address needs a rule naming it.
  const found = foundLocal.get(input);
  if (found !== undefined) {
    // Any earlier answer about this host was given before anyone knew where it leads: it does not count.
    return { behavior: "ask", reason: askReason(url.host, found), specificRuleOnly: true, writtenRulesOnly: true };
  }
  const local = localByName(url.hostname);
  return { behavior: "ask", reason: askReason(url.host, local), ...(local === undefined ? {} : { specificRuleOnly: true }) };
}

/** Once a lookup finds a name leading to this machine's network, the call goes on only if a second check allows that. */
async function confirmLocal(input: object, note: string, recheck: RecheckPermission): Promise<void> {
  foundLocal.set(input, note);
  const decision = await recheck();
  if (decision.decision !== "allow") throw new PermissionDeniedError(decision);
}

/** Fetches the page (or takes it from the cache) and has the small model answer the prompt about it. */
export async function callWebFetch(input: WebFetchInput, context: ToolUseContext, signal: AbortSignal, recheck: RecheckPermission): Promise<ToolResult<WebFetchOutput>> {
  const started = performance.now();
  const url = urlOf(input);
  // Without a model there is nobody to read the page: say so before fetching it.
  const access = context.services.use(modelService);
  // A local host written as such was judged as one already; a name found to lead there is asked about again.
  const judgedLocal = localByName(url.hostname) !== undefined;
  const confirm = (note: string) => (judgedLocal ? Promise.resolve() : confirmLocal(input, note, recheck));
  let page = pages.get(url.href);
  // A page another call fetched from a local address is this call's only if it may reach that address too.
  if (page?.localNote !== undefined) await confirm(page.localNote);
  if (page === undefined) {
    const fetched = await fetchChecked(url, context, signal, confirm);
    if (fetched.kind === "redirect") {
      return {
        data: {
          url: url.href, finalUrl: fetched.url, code: fetched.status, codeText: fetched.statusText, bytes: 0,
          result: redirectText(fetched.url, fetched.location, fetched.status, fetched.statusText),
          durationMs: Math.round(performance.now() - started), redirect: { location: fetched.location },
        },
      };
    }
    page = fetched.page;
    pages.set(url.href, page, cacheTtlMs());
  }
  const offset = input.offset ?? 0;
  if (offset > 0 && offset >= page.text.length) {
    throw new ToolError(`offset ${offset} is past the end of the page, which has ${page.text.length} characters of text.`);
  }
  const content = page.text.slice(offset, offset + MAX_CONTENT_CHARS);
  const window: PageWindow = { url: page.url, start: offset, end: offset + content.length, total: page.text.length, truncatedBody: page.truncated };
  const result = content.trim() === "" ? `${page.url} has no text to read.` : await askReader(access, content, input.prompt, window, signal);
  return {
    data: {
      url: url.href, finalUrl: page.url, code: page.code, codeText: page.codeText, bytes: page.bytes, result,
      durationMs: Math.round(performance.now() - started), ...(window.end < window.total ? { window } : {}),
    },
  };
}

/** Fetches the page from the addresses the lookup found, once `confirm` allows it when they are local. */
async function fetchChecked(url: URL, context: ToolUseContext, signal: AbortSignal, confirm: (note: string) => Promise<void>) {
  const network = context.services.use(webFetchNetworkService);
  const proxy = network.proxy?.(url);
  if (proxy !== undefined && "error" in proxy) throw new ToolError(`WebFetch cannot use the proxy setting: ${proxy.error}.`);
  const proxied = proxy !== undefined;
  const checked = await checkHost(url.hostname, network.resolve);
  // Through a proxy, a name this machine cannot look up is the proxy's to find; one it can is still judged by where it leads.
  if ("error" in checked && !proxied) throw new ToolError(`Could not find the address of ${url.hostname}: ${checked.error}. Check the URL.`);
  const localNote = describeLocalAddress(checked);
  if (localNote !== undefined) await confirm(localNote);
  const fetched = await fetchPage({
    url,
    addresses: "addresses" in checked ? checked.addresses : [],
    // A name found to lead to this machine's network goes to the address the person approved, never through the proxy (where it would lead to the proxy's).
    ...(network.proxy === undefined || localNote !== undefined ? {} : { proxyFor: network.proxy }),
    signal,
    timeoutMs: fetchTimeoutMs(),
    maxBytes: MAX_RESPONSE_BYTES,
    maxRedirects: MAX_REDIRECTS,
    headers: {
      "User-Agent": `toolshed/${getBuildInfo().version} (WebFetch)`,
      Accept: "text/markdown, text/html;q=0.9, text/plain;q=0.8, */*;q=0.5",
    },
    ...(network.ca === undefined ? {} : { tls: { ca: network.ca } }),
  });
  if (fetched.kind === "redirect") return fetched;
  if (fetched.status < 200 || fetched.status > 299) {
    throw new ToolError(`${fetched.url} answered ${fetched.status}${fetched.statusText === "" ? "" : ` ${fetched.statusText}`}, so there is no page to read.`);
  }
  const { text } = await readPageText(fetched.body, fetched.contentType, fetched.url);
  const page: CachedPage = {
    url: fetched.url, code: fetched.status, codeText: fetched.statusText, contentType: fetched.contentType,
    bytes: fetched.body.byteLength, text, truncated: fetched.truncated, ...(localNote === undefined ? {} : { localNote }),
  };
  return { kind: "page" as const, page };
}

/** Asks the small model the question about this part of the page; its usage is counted in the run's. */
async function askReader(access: ModelAccess, content: string, question: string, window: PageWindow, signal: AbortSignal): Promise<string> {
  const model = access.smallModel;
  try {
    const { message } = await requestModelMessage(access, {
      model,
      max_tokens: Math.min(MAX_ANSWER_TOKENS, access.maxOutputTokens(model)),
      system: [{ type: "text", text: READER_SYSTEM_PROMPT }],
      messages: [{ role: "user", content: renderReaderRequest(content, question, window) }],
    }, signal);
    const answer = message.content.flatMap((block) => (block.type === "text" ? [block.text] : [])).join("").trim();
    return answer === "" ? `${model} read ${window.url} but gave no answer. Ask again with a more specific prompt.` : answer;
  } catch (error) {
    if (signal.aborted) throw error;
    throw new ToolError(`${window.url} was fetched, but ${model} could not read it: ${describeError(error)}`);
  }
}
