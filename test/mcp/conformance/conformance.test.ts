/**
 * The MCP conformance suite from npm, run with bun (it needs Node 22 or Bun): the server
 * scenarios that apply to a tool server against `toolshed mcp serve --http 127.0.0.1:0` run from
 * source, and the client scenarios with toolshed's own client (conformanceClient.ts).
 * Not run: scenarios for prompts, resources, completion, sampling, and those that need tools of
 * their own (test_image_content, ...), which a server of toolshed's built-in tools does not have.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { createSettingsSandbox, type SettingsSandbox } from "../../helpers/settingsSandbox.ts";

const ROOT = join(import.meta.dir, "..", "..", "..");
const CONFORMANCE = join(ROOT, "node_modules/@modelcontextprotocol/conformance/dist/index.js");
const CLIENT = join(import.meta.dir, "conformanceClient.ts");

/** The server scenarios toolshed passes, and the client ones. */
const SERVER_SCENARIOS = ["server-initialize", "ping", "tools-list", "logging-set-level", "tools-call-error", "server-sse-multiple-streams", "dns-rebinding-protection"];
const CLIENT_SCENARIOS = ["initialize", "tools_call"];

let sandbox: SettingsSandbox;
let serve: Bun.Subprocess<"ignore", "pipe", "pipe"> | undefined;
let url = "";

/** The first line a stream writes, within a time limit. */
async function firstLine(stream: ReadableStream<Uint8Array>, timeoutMs: number): Promise<string> {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let text = "";
  const timer = setTimeout(() => void reader.cancel(), timeoutMs);
  try {
    while (!text.includes("\n")) {
      const chunk = await reader.read();
      if (chunk.done) break;
      text += decoder.decode(chunk.value);
    }
  } finally {
    clearTimeout(timer);
    reader.releaseLock();
  }
  return text.split("\n")[0] ?? "";
}

async function conformance(args: string[]): Promise<{ code: number; output: string }> {
  const child = Bun.spawn([process.execPath, CONFORMANCE, ...args], { cwd: sandbox.root.path, stdin: "ignore", stdout: "pipe", stderr: "pipe", timeout: 60_000 });
  const [stdout, stderr, code] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
  return { code, output: `${stdout}${stderr}`.replace(/\x1b\[[0-9;]*m/g, "") };
}

beforeAll(async () => {
  sandbox = createSettingsSandbox("toolshed-mcp-conformance-");
  serve = Bun.spawn([process.execPath, join(ROOT, "src", "main.ts"), "mcp", "serve", "--http", "127.0.0.1:0"], {
    cwd: sandbox.project,
    env: { ...process.env, TOOLSHED_SESSION_DIR: join(sandbox.root.path, "session") },
    stdin: "ignore",
    stdout: "pipe",
    stderr: "pipe",
  });
  url = await firstLine(serve.stdout, 15_000);
});

afterAll(async () => {
  serve?.kill();
  await serve?.exited;
  sandbox.restore();
});

describe("the MCP conformance suite", () => {
  test("toolshed mcp serve --http printed its URL", () => {
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp\?token=[A-Za-z0-9_-]{32}$/);
  });

  for (const scenario of SERVER_SCENARIOS) {
    test(`server scenario ${scenario}`, async () => {
      const { code, output } = await conformance(["server", "--url", url, "--scenario", scenario]);
      expect(output).toMatch(/Passed: (\d+)\/\1, 0 failed/);
      expect(code).toBe(0);
    });
  }

  for (const scenario of CLIENT_SCENARIOS) {
    test(`client scenario ${scenario}`, async () => {
      const { code, output } = await conformance(["client", "--command", `${process.execPath} ${CLIENT}`, "--scenario", scenario]);
      expect(output).toContain("OVERALL: PASSED");
      expect(code).toBe(0);
    });
  }
});
