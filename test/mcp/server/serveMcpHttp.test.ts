/** `mcp serve --http`: streamable HTTP at /mcp on port 0, with Host and Origin checked against DNS rebinding. */
import { afterEach, describe, expect, test } from "bun:test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { isAllowedRequest, isLoopbackHost } from "../../../src/mcp/server/checkRequestOrigin.ts";
import { createServedSession } from "../../../src/mcp/server/createServedSession.ts";
import { serveMcpHttp, type McpHttpServer } from "../../../src/mcp/server/serveMcpHttp.ts";
import { parseHostPort } from "../../../src/mcp/cli/parseHostPort.ts";
import { createSession, type Session } from "../../../src/session/createSession.ts";
import { createTemporaryFolder, type TemporaryFolder } from "../../helpers/temporaryFolder.ts";
import { resultText } from "./servedClient.ts";

let folder: TemporaryFolder | undefined;
let session: Session | undefined;
let http: McpHttpServer | undefined;
afterEach(async () => {
  await http?.stop();
  await session?.close();
  folder?.remove();
  http = undefined;
  session = undefined;
});

const INITIALIZE = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "t", version: "1" } } });

function post(url: string, headers: Record<string, string>, body = INITIALIZE): Promise<Response> {
  return fetch(url, { method: "POST", headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers }, body });
}

describe("serveMcpHttp", () => {
  test("a client lists and calls tools over streamable HTTP; rebinding Host or Origin values are refused", async () => {
    folder = createTemporaryFolder("toolshed-mcp-http-");
    writeFileSync(join(folder.path, "a.txt"), "over http\n");
    session = await createSession({ cwd: folder.path, settings: {}, sessionDirectory: join(folder.path, ".session"), isNonInteractive: true });
    http = await serveMcpHttp(createServedSession(session), { host: "127.0.0.1", port: 0 });
    expect(http.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);

    const client = new Client({ name: "t", version: "1" });
    await client.connect(new StreamableHTTPClientTransport(new URL(http.url)));
    expect((await client.listTools()).tools.map((tool) => tool.name)).toContain("Read");
    expect(resultText(await client.callTool({ name: "Read", arguments: { file_path: join(folder.path, "a.txt") } }))).toContain("over http");
    await client.close();

    const port = new URL(http.url).port;
    expect((await post(http.url, { host: "evil.example.com", origin: "http://evil.example.com" })).status).toBe(403);
    expect((await post(http.url, { origin: "http://evil.example.com" })).status).toBe(403);
    expect((await post(http.url, { host: `localhost:${port}`, origin: `http://localhost:${port}` })).status).toBe(200);
    expect((await post(http.url, { "mcp-session-id": "nope" })).status).toBe(404);
    expect((await fetch(http.url, { method: "GET" })).status).toBe(400);
    expect((await fetch(http.url.replace("/mcp", "/other"), { method: "POST", body: "{}" })).status).toBe(404);
  });
});

describe("the token", () => {
  test("every request must carry it, in the printed URL or as a bearer token; without it, or with another, nothing is served", async () => {
    folder = createTemporaryFolder("toolshed-mcp-http-");
    session = await createSession({ cwd: folder.path, settings: {}, sessionDirectory: join(folder.path, ".session"), isNonInteractive: true });
    const token = "s3cret-token_0123456789abcdefghij";
    http = await serveMcpHttp(createServedSession(session), { host: "127.0.0.1", port: 0, token });
    expect(http.url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:\\d+/mcp\\?token=${token}$`));
    const bare = http.url.replace(/\?.*$/, "");
    const refused = await post(bare, {});
    expect(refused.status).toBe(401);
    expect(await refused.text()).toContain("needs the token it printed");
    expect((await post(`${bare}?token=${token}x`, {})).status).toBe(401);
    expect((await post(bare, { authorization: `Bearer ${token.slice(1)}` })).status).toBe(401);
    expect((await post(bare, { authorization: `Bearer ${token}` })).status).toBe(200);
    // The SDK's own client, given the printed URL, carries it on every request.
    const client = new Client({ name: "t", version: "1" });
    await client.connect(new StreamableHTTPClientTransport(new URL(http.url)));
    expect((await client.listTools()).tools.length).toBeGreaterThan(0);
    await client.close();
    // DNS rebinding is refused before the token is even looked at.
    expect((await post(http.url, { host: "evil.example.com" })).status).toBe(403);
    // A Host header that is not a host name is a bad request, not a server error (sent raw: fetch would refuse it).
    const port = Number(new URL(http.url).port);
    for (const host of ["", "evil.com@localhost", "a b"]) {
      const reply = await new Promise<string>((resolve, reject) => {
        let text = "";
        Bun.connect({ hostname: "127.0.0.1", port, socket: {
          open: (socket) => void socket.write(`POST /mcp HTTP/1.1\r\nHost: ${host}\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`),
          data: (_socket, data) => void (text += data.toString()),
          close: () => resolve(text),
          error: (_socket, error) => reject(error),
        } }).catch(reject);
      });
      expect(reply.split("\r\n")[0]).toBe("HTTP/1.1 400 Bad Request");
    }
  });
});

/** Opens a raw connection, sends `text` (if any), and resolves with what came back once the server closed it, or "open" after `waitMs`. */
function rawExchange(port: number, text: string | undefined, waitMs: number): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    let reply = "";
    let settled = false;
    Bun.connect({ hostname: "127.0.0.1", port, socket: {
      open: (socket) => {
        if (text !== undefined) socket.write(text);
        setTimeout(() => {
          if (settled) return;
          settled = true;
          resolve(`open: ${reply}`);
          socket.end();
        }, waitMs);
      },
      data: (_socket, data) => void (reply += data.toString()),
      close: () => {
        if (settled) return;
        settled = true;
        resolve(`closed: ${reply}`);
      },
      error: (_socket, error) => reject(error),
    } }).catch(reject);
  });
}

describe("connections", () => {
  test("one refused for want of the token is closed at once, whatever it declared; an authorized stream outlives the idle limit", async () => {
    folder = createTemporaryFolder("toolshed-mcp-http-");
    session = await createSession({ cwd: folder.path, settings: {}, sessionDirectory: join(folder.path, ".session"), isNonInteractive: true });
    const token = "s3cret-token_0123456789abcdefghij";
    http = await serveMcpHttp(createServedSession(session), { host: "127.0.0.1", port: 0, token, idleConnectionSeconds: 1 });
    const port = Number(new URL(http.url).port);
    const refused = await rawExchange(port, `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}`, 5_000);
    expect(refused).toStartWith("closed: HTTP/1.1 401 Unauthorized");
    // A declared body that never comes is not waited for either.
    expect(await rawExchange(port, `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Length: 100\r\n\r\n`, 5_000)).toStartWith("closed: HTTP/1.1 401");
    // An initialized client's event stream outlives the idle limit (Bun closes idle connections on a 4 s clock).
    const init = await post(http.url, {});
    const sessionId = init.headers.get("mcp-session-id") ?? "";
    await init.text();
    const stream = await rawExchange(port, `GET /mcp?token=${token} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAccept: text/event-stream\r\nMcp-Session-Id: ${sessionId}\r\nMcp-Protocol-Version: 2025-11-25\r\n\r\n`, 5_500);
    expect(stream).toStartWith("open: HTTP/1.1 200");
  });
});

describe("a client that goes away", () => {
  test("mid-question: its call is cancelled, so the turn it held goes to the next client at once", async () => {
    folder = createTemporaryFolder("toolshed-mcp-http-");
    writeFileSync(join(folder.path, "a.txt"), "still here\n");
    session = await createSession({ cwd: folder.path, settings: {}, sessionDirectory: join(folder.path, ".session"), isNonInteractive: true });
    http = await serveMcpHttp(createServedSession(session), { host: "127.0.0.1", port: 0 });
    const leaving = new Client({ name: "leaving", version: "1" }, { capabilities: { elicitation: {} } });
    let asked!: () => void;
    const question = new Promise<void>((resolve) => (asked = resolve));
    // Its person never answers.
    leaving.setRequestHandler(ElicitRequestSchema, () => (asked(), new Promise<never>(() => {})));
    await leaving.connect(new StreamableHTTPClientTransport(new URL(http.url)));
    void leaving.callTool({ name: "Write", arguments: { file_path: join(folder.path, "b.txt"), content: "x" } }).catch(() => undefined);
    await question;
    await leaving.close();
    const staying = new Client({ name: "staying", version: "1" });
    await staying.connect(new StreamableHTTPClientTransport(new URL(http.url)));
    // Without the cancel, this waits out the ten minutes the question would hold the turn for.
    expect(resultText(await staying.callTool({ name: "Bash", arguments: { command: "cat a.txt" } }))).toContain("still here");
    expect(existsSync(join(folder.path, "b.txt"))).toBe(false);
    await staying.close();
  });
});

describe("a session per client", () => {
  test("each client's shell, turn and questions are its own, and its session ends with it", async () => {
    folder = createTemporaryFolder("toolshed-mcp-http-");
    mkdirSync(join(folder.path, "sub"));
    writeFileSync(join(folder.path, "where.txt"), "top\n");
    writeFileSync(join(folder.path, "sub", "where.txt"), "sub\n");
    const base = folder.path;
    const made: Session[] = [];
    const closed: Session[] = [];
    http = await serveMcpHttp(async () => {
      const own = await createSession({ cwd: base, settings: {}, sessionDirectory: join(base, `.session-${made.length}`), isNonInteractive: true });
      const close = own.close.bind(own);
      made.push(own);
      return createServedSession(Object.assign(own, { close: () => (closed.push(own), close()) }));
    }, { host: "127.0.0.1", port: 0 });
    const asking = new Client({ name: "asking", version: "1" }, { capabilities: { elicitation: {} } });
    let asked!: () => void;
    const question = new Promise<void>((resolve) => (asked = resolve));
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    asking.setRequestHandler(ElicitRequestSchema, async () => (asked(), await answered, { action: "accept" as const, content: { decision: "allow once" } }));
    await asking.connect(new StreamableHTTPClientTransport(new URL(http.url)));
    const other = new Client({ name: "other", version: "1" });
    await other.connect(new StreamableHTTPClientTransport(new URL(http.url)));
    expect(made.length).toBe(2);

    // One client's cd moves its own shell only.
    expect((await asking.callTool({ name: "Bash", arguments: { command: "cd sub" } })).isError).toBeUndefined();
    expect(resultText(await asking.callTool({ name: "Bash", arguments: { command: "cat where.txt" } }))).toContain("sub");
    expect(resultText(await other.callTool({ name: "Bash", arguments: { command: "cat where.txt" } }))).toContain("top");
    // One client's open question holds up none of the other's calls, exclusive ones included.
    const write = asking.callTool({ name: "Write", arguments: { file_path: join(base, "asked.txt"), content: "asked\n" } });
    await question;
    expect((await other.callTool({ name: "Bash", arguments: { command: "cd sub" } })).isError).toBeUndefined();
    answer();
    expect((await write).isError).toBeUndefined();
    await other.close();
    await asking.close();
    await http.stop();
    http = undefined;
    // Each session made for a client is closed exactly once, and stop waits for it.
    expect(closed.length).toBe(2);
    expect(new Set(closed).size).toBe(2);
  });

  test("a client that goes away without closing its session has it closed once it has been idle long enough", async () => {
    folder = createTemporaryFolder("toolshed-mcp-http-");
    const base = folder.path;
    const closed: string[] = [];
    http = await serveMcpHttp(async () => {
      const own = await createSession({ cwd: base, settings: {}, sessionDirectory: join(base, ".session"), isNonInteractive: true });
      const close = own.close.bind(own);
      return createServedSession(Object.assign(own, { close: () => (closed.push("closed"), close()) }));
    }, { host: "127.0.0.1", port: 0, idleSessionMs: 100 });
    const quiet = new Client({ name: "quiet", version: "1" });
    await quiet.connect(new StreamableHTTPClientTransport(new URL(http.url)));
    // The SDK client's close sends no DELETE: only idleness ends the session.
    await quiet.close();
    for (let waited = 0; closed.length === 0 && waited < 10_000; waited += 50) await Bun.sleep(50);
    expect(closed).toEqual(["closed"]);
  });
});

describe("request origin checks", () => {
  const headers = (host: string, origin?: string) => new Headers({ host, ...(origin === undefined ? {} : { origin }) });
  test("loopback names and the bound host pass; any other name fails; IP literals pass only on a wildcard bind", () => {
    expect(isAllowedRequest(headers("127.0.0.1:4000"), "127.0.0.1")).toBe(true);
    expect(isAllowedRequest(headers("localhost:4000", "http://localhost:4000"), "127.0.0.1")).toBe(true);
    expect(isAllowedRequest(headers("[::1]:4000"), "::1")).toBe(true);
    expect(isAllowedRequest(headers("evil.example.com:4000"), "127.0.0.1")).toBe(false);
    expect(isAllowedRequest(headers("127.0.0.1:4000", "http://evil.example.com"), "127.0.0.1")).toBe(false);
    expect(isAllowedRequest(headers("127.0.0.1:4000", "null"), "127.0.0.1")).toBe(false);
    expect(isAllowedRequest(headers("192.168.1.5:4000"), "127.0.0.1")).toBe(false);
    expect(isAllowedRequest(headers("192.168.1.5:4000"), "0.0.0.0")).toBe(true);
    expect(isAllowedRequest(headers("rebind.example.com:4000"), "0.0.0.0")).toBe(false);
    expect(isAllowedRequest(new Headers(), "127.0.0.1")).toBe(false);
  });

  test("an Origin must be this server's own: a page another local port serves is refused", () => {
    const headers = (host: string, origin: string) => new Headers({ host, origin });
    expect(isAllowedRequest(headers("127.0.0.1:4000", "http://127.0.0.1:4000"), "127.0.0.1")).toBe(true);
    expect(isAllowedRequest(headers("localhost:4000", "http://localhost:3000"), "127.0.0.1")).toBe(false);
    expect(isAllowedRequest(headers("127.0.0.1:4000", "http://127.0.0.1"), "127.0.0.1")).toBe(false);
    expect(isAllowedRequest(headers("127.0.0.1:80", "http://127.0.0.1"), "127.0.0.1")).toBe(true);
    expect(isAllowedRequest(headers("127.0.0.1:4000", "file:///tmp/page.html"), "127.0.0.1")).toBe(false);
    expect(isAllowedRequest(headers("[::1]:4000", "http://[::1]:4001"), "::1")).toBe(false);
  });

  test("loopback hosts, and host:port parsing", () => {
    expect(["127.0.0.1", "127.8.9.10", "localhost", "::1", "[::1]"].map(isLoopbackHost)).toEqual([true, true, true, true, true]);
    expect(["0.0.0.0", "192.168.1.5", "example.com"].map(isLoopbackHost)).toEqual([false, false, false]);
    expect(parseHostPort("127.0.0.1:0")).toEqual({ host: "127.0.0.1", port: 0 });
    expect(parseHostPort("[::1]:8080")).toEqual({ host: "::1", port: 8080 });
    expect(parseHostPort("9000")).toEqual({ host: "127.0.0.1", port: 9000 });
    expect(() => parseHostPort("localhost")).toThrow("is not host:port");
    expect(() => parseHostPort("h:70000")).toThrow("is not host:port");
  });
});
