/**
 * The web tools inside a compiled binary (the public flavor, built as the release build builds it):
 * `tools --json` lists them with their parameters, and `-p` runs WebFetch end to end, the HTML
 * parser loaded on first use from inside the executable.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { compileExecutable } from "../../../scripts/build/bundleFlavor.ts";
import { loadFlavors } from "../../../scripts/build/flavors.ts";
import { executableName, hostTarget } from "../../../scripts/build/targets.ts";
import { startMessagesApiServer, textTurn, turn, type MessagesApiServer } from "../../helpers/messagesApiServer.ts";
import { html, startPageServer, type PageServer } from "../../helpers/pageServer.ts";
import { startProxyServer } from "../../helpers/proxyServer.ts";
import { createTemporaryFolder, type TemporaryFolder } from "../../helpers/temporaryFolder.ts";

const ROOT = resolve(import.meta.dir, "..", "..", "..");
let folder: TemporaryFolder;
let binary: string;

beforeAll(async () => {
  folder = createTemporaryFolder("toolshed-webtools-binary-");
  const flavor = loadFlavors(join(ROOT, "flags")).find((candidate) => candidate.name === "public");
  if (flavor === undefined) throw new Error("flags/public.json is missing");
  binary = join(folder.path, executableName(hostTarget()));
  await compileExecutable({ root: ROOT, entrypoint: "src/main.ts", flavor, commit: "test" }, hostTarget(), binary);
}, 120_000);
afterAll(() => folder?.remove());

async function runBinary(args: string[], env: Record<string, string>, cwd: string): Promise<{ status: number; stdout: string; stderr: string }> {
  const child = Bun.spawn([binary, ...args], { cwd, env, stdin: "ignore", stdout: "pipe", stderr: "pipe" });
  const [stdout, stderr, status] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
  return { status, stdout, stderr };
}

describe("the web tools in the compiled binary", () => {
  let api: MessagesApiServer;
  let pages: PageServer;
  let env: Record<string, string>;
  let project: string;

  beforeAll(() => {
    api = startMessagesApiServer();
    pages = startPageServer();
    project = join(folder.path, "project");
    mkdirSync(join(project, ".git"), { recursive: true });
    mkdirSync(join(folder.path, "config"));
    env = {
      PATH: process.env.PATH ?? "/usr/bin:/bin",
      HOME: folder.path,
      TOOLSHED_CONFIG_DIR: join(folder.path, "config"),
      TOOLSHED_MANAGED_SETTINGS: join(folder.path, "managed.json"),
      ANTHROPIC_BASE_URL: api.url,
      ANTHROPIC_API_KEY: "test-key",
    };
  });
  afterAll(async () => {
    await api.close();
    await pages.close();
  });

  test("tools --json lists WebFetch, WebSearch, ToolSearch and Skill with their parameters", async () => {
    const run = await runBinary(["tools", "--json"], env, project);
    expect(run.status).toBe(0);
    const tools = JSON.parse(run.stdout) as { name: string; input_schema: { properties: Record<string, unknown>; required: string[] } }[];
    const shape = (name: string) => {
      const tool = tools.find((candidate) => candidate.name === name);
      return { properties: Object.keys(tool?.input_schema.properties ?? {}), required: tool?.input_schema.required };
    };
    expect(shape("WebFetch")).toEqual({ properties: ["url", "prompt", "offset"], required: ["url", "prompt"] });
    expect(shape("WebSearch")).toEqual({ properties: ["query", "allowed_domains", "blocked_domains"], required: ["query"] });
    expect(shape("ToolSearch")).toEqual({ properties: ["query", "max_results"], required: ["query"] });
    expect(shape("Skill")).toEqual({ properties: ["skill", "args"], required: ["skill"] });
  });

  test("-p fetches a page, turns it into Markdown inside the binary, and the small model's answer comes back", async () => {
    pages.route("/guide", () => html("<html><head><script>var hidden = 1;</script></head><body><h2>Setup</h2><ul><li>Install it</li></ul></body></html>"));
    api.push(
      turn({ id: "msg_1", content: [{ type: "tool_use", id: "f", name: "WebFetch", input: { url: `${pages.url}/guide`, prompt: "How to set up?" } }] }),
      textTurn("Install it."),
      turn({ id: "msg_3", content: [{ type: "text", text: "You install it." }] }),
    );
    const run = await runBinary(["-p", "how do I set it up?", "--output-format", "json", "--allowedTools", "WebFetch(domain:127.0.0.1)"], env, project);
    expect(JSON.parse(run.stdout)).toMatchObject({ subtype: "success", result: "You install it." });
    const reader = JSON.stringify(api.requests[1]?.body);
    expect(reader).toContain("## Setup");
    expect(reader).toContain("- Install it");
    expect(reader).not.toContain("hidden");
  });

  test("-p goes through the proxy HTTPS_PROXY names, for a host this machine cannot look up", async () => {
    const fixtures = join(import.meta.dir, "fixtures");
    const secure = startPageServer({ tls: { key: readFileSync(join(fixtures, "pinned-test.key.pem"), "utf8"), cert: readFileSync(join(fixtures, "pinned-test.cert.pem"), "utf8") } });
    const proxy = startProxyServer((host) => (host === "pinned.test" ? secure.port : undefined));
    try {
      secure.route("/behind", () => html("<p>Only the proxy reaches this.</p>"));
      api.push(
        turn({ id: "msg_1", content: [{ type: "tool_use", id: "f", name: "WebFetch", input: { url: `https://pinned.test:${secure.port}/behind`, prompt: "What does it say?" } }] }),
        textTurn("Only the proxy reaches it."),
        turn({ id: "msg_3", content: [{ type: "text", text: "It was behind the proxy." }] }),
      );
      const proxied = { ...env, HTTPS_PROXY: proxy.url, NODE_EXTRA_CA_CERTS: join(fixtures, "pinned-test.cert.pem") };
      const run = await runBinary(["-p", "read it", "--output-format", "json", "--allowedTools", "WebFetch(domain:pinned.test)"], proxied, project);
      expect(JSON.parse(run.stdout)).toMatchObject({ subtype: "success", result: "It was behind the proxy." });
      expect(proxy.requests.map((request) => request.line)).toEqual([`CONNECT pinned.test:${secure.port} HTTP/1.1`]);
      expect(JSON.stringify(api.requests.at(-2)?.body)).toContain("Only the proxy reaches this.");
    } finally {
      proxy.close();
      await secure.close();
    }
  });
});
