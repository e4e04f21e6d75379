/**
 * WebFetch behind a proxy: a URL the environment sends through one goes there by name (the proxy
 * looks the host up, so a name this machine cannot find still works), over CONNECT; no_proxy
 * hosts and this machine's own names connect directly; a name this machine finds local is
 * still asked about; a proxy that fails is named without its credentials.
 */
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseRuleText } from "../../../src/permissions/parseRule.ts";
import type { PermissionRule } from "../../../src/permissions/types.ts";
import { modelService } from "../../../src/query/modelAccess.ts";
import type { Session } from "../../../src/session/createSession.ts";
import { proxyFor } from "../../../src/tools/WebFetchTool/proxyFor.ts";
import { webFetchNetworkService, type HostAddress } from "../../../src/tools/WebFetchTool/webFetchNetwork.ts";
import { createLoopKit, type LoopKit } from "../../helpers/loopKit.ts";
import { textTurn } from "../../helpers/messagesApiServer.ts";
import { html, startPageServer, type PageServer } from "../../helpers/pageServer.ts";
import { startProxyServer, type ProxyServer } from "../../helpers/proxyServer.ts";
import { callTool, createTestSession } from "../../helpers/testSession.ts";

const fixtures = join(import.meta.dir, "fixtures");
const tls = { key: readFileSync(join(fixtures, "pinned-test.key.pem"), "utf8"), cert: readFileSync(join(fixtures, "pinned-test.cert.pem"), "utf8") };

let kit: LoopKit;
let secure: PageServer;
let plain: PageServer;
let proxy: ProxyServer;
let ttl: string | undefined;

beforeEach(async () => {
  ttl = process.env.TOOLSHED_WEBFETCH_CACHE_TTL_MS;
  process.env.TOOLSHED_WEBFETCH_CACHE_TTL_MS = "0";
  kit = await createLoopKit();
  secure = startPageServer({ tls });
  plain = startPageServer();
  // The proxy finds pinned.test (the https server) and docs.test (the http one); nothing else.
  proxy = startProxyServer((host) => (host === "pinned.test" ? secure.port : host === "docs.test" ? plain.port : undefined));
});

afterEach(async () => {
  proxy.close();
  await Promise.all([kit.close(), secure.close(), plain.close()]);
  if (ttl === undefined) delete process.env.TOOLSHED_WEBFETCH_CACHE_TTL_MS;
  else process.env.TOOLSHED_WEBFETCH_CACHE_TTL_MS = ttl;
});

/** A session whose environment is `environment` for proxies, whose own lookups answer as `resolve` says, allowed `rules`. */
async function proxiedSession(environment: Record<string, string>, rules: string[], resolve: (hostname: string) => HostAddress[] = () => {
  throw new Error("no such host here");
}): Promise<{ session: Session; lookups: string[] }> {
  const session = await createTestSession({ cwd: kit.folder.path });
  const lookups: string[] = [];
  session.services.provide(webFetchNetworkService, {
    resolve: async (hostname) => (lookups.push(hostname), resolve(hostname)),
    ca: tls.cert,
    proxy: (url) => proxyFor(url, environment),
  });
  session.services.provide(modelService, kit.model());
  const allow: PermissionRule[] = rules.map((text) => {
    const parsed = parseRuleText(text);
    if (!parsed.ok) throw new Error(parsed.reason);
    return { behavior: "allow", toolName: parsed.toolName, ruleContent: parsed.ruleContent, source: "session" };
  });
  session.context.setAppState((state) => ({ ...state, toolPermissionContext: { ...state.toolPermissionContext, rules: [...state.toolPermissionContext.rules, ...allow] } }));
  return { session, lookups };
}

describe("WebFetch through a proxy", () => {
  test("https goes through CONNECT by name, with the proxy's credentials, though this machine cannot look the host up; the certificate is still checked", async () => {
    secure.route("/p", () => html("<p>behind the proxy</p>"));
    const { session, lookups } = await proxiedSession({ HTTPS_PROXY: `http://me:s3cret@127.0.0.1:${proxy.port}` }, ["WebFetch(domain:pinned.test)"]);
    kit.server.push(textTurn("read through the proxy"));
    const outcome = await callTool(session.context, "WebFetch", { url: `https://pinned.test:${secure.port}/p`, prompt: "?" });
    expect(outcome.text).toBe("read through the proxy");
    expect(proxy.requests).toEqual([{ line: `CONNECT pinned.test:${secure.port} HTTP/1.1`, proxyAuthorization: `Basic ${btoa("me:s3cret")}` }]);
    expect(secure.requests[0]?.host).toBe(`pinned.test:${secure.port}`);
    expect(lookups).toEqual(["pinned.test"]);
    await session.close();
  });

  test("a redirect within the host is followed through the proxy too", async () => {
    secure.route("/old", () => new Response(null, { status: 301, headers: { location: "/new" } }));
    secure.route("/new", () => html("<p>moved here</p>"));
    const { session } = await proxiedSession({ https_proxy: `127.0.0.1:${proxy.port}` }, ["WebFetch(domain:pinned.test)"]);
    kit.server.push(textTurn("read the moved page"));
    const outcome = await callTool(session.context, "WebFetch", { url: `https://pinned.test:${secure.port}/old`, prompt: "?" });
    expect(outcome.text).toBe("read the moved page");
    // This machine cannot find pinned.test, so the second request too can only have gone through the proxy (its tunnel may be reused).
    expect(new Set(proxy.requests.map((request) => request.line))).toEqual(new Set([`CONNECT pinned.test:${secure.port} HTTP/1.1`]));
    expect(secure.requests.map((request) => request.path)).toEqual(["/old", "/new"]);
    await session.close();
  });

  test("this machine by its name is reached directly, never through the proxy", async () => {
    plain.route("/local", () => html("<p>local server</p>"));
    const { session } = await proxiedSession({ http_proxy: proxy.url, HTTPS_PROXY: proxy.url }, ["WebFetch(domain:127.0.0.1)"]);
    kit.server.push(textTurn("read the local page"));
    const outcome = await callTool(session.context, "WebFetch", { url: `${plain.url}/local`, prompt: "?" });
    expect(outcome.text).toBe("read the local page");
    expect(proxy.requests).toEqual([]);
    await session.close();
  });

  test("a host in no_proxy connects directly to the address looked up here; the proxy sees nothing", async () => {
    secure.route("/p", () => html("<p>direct</p>"));
    const environment = { HTTPS_PROXY: `http://127.0.0.1:${proxy.port}`, NO_PROXY: ".test" };
    const { session, lookups } = await proxiedSession(environment, ["WebFetch(domain:pinned.test)"], () => [{ address: "127.0.0.1", family: 4 }]);
    kit.server.push(textTurn("read directly"));
    const outcome = await callTool(session.context, "WebFetch", { url: `https://pinned.test:${secure.port}/p`, prompt: "?" });
    expect(outcome.text).toBe("read directly");
    expect(proxy.requests).toEqual([]);
    expect(lookups).toEqual(["pinned.test"]);
    await session.close();
  });

  test("a name this machine finds on its own network is still asked about by its address, proxy or not", async () => {
    secure.route("/p", () => html("<p>intranet</p>"));
    const { session } = await proxiedSession({ HTTPS_PROXY: `http://127.0.0.1:${proxy.port}` }, ["WebFetch"], () => [{ address: "10.1.2.3", family: 4 }]);
    const refused = await callTool(session.context, "WebFetch", { url: `https://pinned.test:${secure.port}/p`, prompt: "?" });
    expect(refused.stage).toBe("permission");
    expect(refused.text).toContain("resolves to 10.1.2.3, a private-network address");
    expect(proxy.requests).toEqual([]);
    await session.close();
  });

  test("a name this machine finds on its own network, once a rule naming it allows it, is fetched from the address checked here, not through the proxy", async () => {
    secure.route("/p", () => html("<p>this machine</p>"));
    const { session } = await proxiedSession({ HTTPS_PROXY: `http://127.0.0.1:${proxy.port}` }, ["WebFetch(domain:pinned.test)"], () => [{ address: "127.0.0.1", family: 4 }]);
    kit.server.push(textTurn("read it here"));
    const outcome = await callTool(session.context, "WebFetch", { url: `https://pinned.test:${secure.port}/p`, prompt: "?" });
    expect(outcome.text).toBe("read it here");
    expect(proxy.requests).toEqual([]);
    expect(secure.requests.length).toBe(1);
    await session.close();
  });

  test("a proxy that cannot be reached, or that does not know the host, is reported without its credentials", async () => {
    const { session } = await proxiedSession({ https_proxy: "http://me:s3cret@127.0.0.1:1" }, ["WebFetch(domain:pinned.test)"]);
    const unreachable = await callTool(session.context, "WebFetch", { url: "https://pinned.test/p", prompt: "?" });
    expect(unreachable.text).toContain("Could not reach pinned.test through the proxy http://127.0.0.1:1 (");
    expect(unreachable.text).not.toContain("s3cret");
    const other = await proxiedSession({ https_proxy: proxy.url }, ["WebFetch(domain:unknown.test)"]);
    const unknown = await callTool(other.session.context, "WebFetch", { url: "https://unknown.test/p", prompt: "?" });
    expect(unknown.text).toContain(`Could not reach unknown.test through the proxy ${proxy.url} (`);
    expect(proxy.requests.at(-1)?.line).toBe("CONNECT unknown.test:443 HTTP/1.1");
    await Promise.all([session.close(), other.session.close()]);
  });

  test("a proxy setting WebFetch cannot use stops the call with what to change, not a direct connection", async () => {
    const { session, lookups } = await proxiedSession({ HTTPS_PROXY: "socks5://127.0.0.1:1080" }, ["WebFetch(domain:pinned.test)"], () => [{ address: "127.0.0.1", family: 4 }]);
    const outcome = await callTool(session.context, "WebFetch", { url: `https://pinned.test:${secure.port}/p`, prompt: "?" });
    expect(outcome.text).toContain("WebFetch cannot use the proxy setting: HTTPS_PROXY names a socks5 proxy (socks5://127.0.0.1:1080)");
    expect(secure.requests).toEqual([]);
    expect(lookups).toEqual([]);
    await session.close();
  });
});
