import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { resolveCredentials } from "../../src/query/credentials.ts";
import { limitedFetch } from "../../src/query/limitedFetch.ts";
import { createModelClient, DEFAULT_API_TIMEOUT_MS, requestTimeoutMs } from "../../src/query/modelClient.ts";
import { httpError, startMessagesApiServer, textTurn, type MessagesApiServer } from "../helpers/messagesApiServer.ts";
import { createTemporaryFolder } from "../helpers/temporaryFolder.ts";

let server: MessagesApiServer;
beforeEach(() => {
  server = startMessagesApiServer();
});
afterEach(() => server.close());

const BODY = { model: "claude-haiku-5-5", max_tokens: 5, messages: [{ role: "user" as const, content: "hi" }] };

describe("the model client", () => {
  test("sends an API key as x-api-key only, to the credentials' base URL", async () => {
    server.push(textTurn("ok"));
    const client = createModelClient({ credentials: await resolveCredentials({ env: { ANTHROPIC_API_KEY: "sk-1", ANTHROPIC_BASE_URL: server.url } }) });
    await client.anthropic.messages.create(BODY);
    const headers = server.requests[0]?.headers ?? {};
    expect(headers["x-api-key"]).toBe("sk-1");
    expect(headers.authorization).toBeUndefined();
    expect(headers["anthropic-version"]).toBeDefined();
    expect(client.credentialSource).toBe("ANTHROPIC_API_KEY");
  });

  test("sends a token as Authorization: Bearer only", async () => {
    server.push(textTurn("ok"));
    const client = createModelClient({ credentials: await resolveCredentials({ env: { ANTHROPIC_AUTH_TOKEN: "tok-1", ANTHROPIC_BASE_URL: server.url } }) });
    await client.anthropic.messages.create(BODY);
    expect(server.requests[0]?.headers.authorization).toBe("Bearer tok-1");
    expect(server.requests[0]?.headers["x-api-key"]).toBeUndefined();
  });

  test("sends nothing it found by itself: not the process's ANTHROPIC_API_KEY", async () => {
    const saved = process.env.ANTHROPIC_API_KEY;
    process.env.ANTHROPIC_API_KEY = "from-the-process";
    try {
      server.push(textTurn("ok"));
      const client = createModelClient({ credentials: { source: "ANTHROPIC_AUTH_TOKEN", headers: { authorization: "Bearer given" }, baseURL: server.url } });
      await client.anthropic.messages.create(BODY);
      expect(server.requests[0]?.headers["x-api-key"]).toBeUndefined();
      expect(server.requests[0]?.headers.authorization).toBe("Bearer given");
    } finally {
      if (saved === undefined) delete process.env.ANTHROPIC_API_KEY;
      else process.env.ANTHROPIC_API_KEY = saved;
    }
  });

  test("does not look for credentials on disk: an SDK profile's token is not sent", async () => {
    // Left to itself, the SDK client reads <ANTHROPIC_CONFIG_DIR>/configs/default.json and sends
    // that profile's token as Authorization: Bearer next to the headers it was given.
    const folder = createTemporaryFolder("toolshed-sdk-profile-");
    const saved = process.env.ANTHROPIC_CONFIG_DIR;
    try {
      const credentialsFile = join(folder.path, "credentials.json");
      writeFileSync(credentialsFile, JSON.stringify({ version: "1.0", type: "oauth_token", access_token: "token-from-a-profile" }), { mode: 0o600 });
      mkdirSync(join(folder.path, "configs"));
      writeFileSync(join(folder.path, "configs", "default.json"), JSON.stringify({ version: "1.0", authentication: { type: "user_oauth", credentials_path: credentialsFile } }));
      process.env.ANTHROPIC_CONFIG_DIR = folder.path;
      server.push(textTurn("ok"));
      const client = createModelClient({ credentials: { source: "ANTHROPIC_API_KEY", headers: { "x-api-key": "k" }, baseURL: server.url } });
      await client.anthropic.messages.create(BODY);
      expect(server.requests[0]?.headers.authorization).toBeUndefined();
      expect(server.requests[0]?.headers["x-api-key"]).toBe("k");
    } finally {
      if (saved === undefined) delete process.env.ANTHROPIC_CONFIG_DIR;
      else process.env.ANTHROPIC_CONFIG_DIR = saved;
      folder.remove();
    }
  });

  test("makes no retries of its own", async () => {
    server.push(httpError(529), textTurn("must not be reached"));
    const client = createModelClient({ credentials: { source: "ANTHROPIC_API_KEY", headers: { "x-api-key": "k" }, baseURL: server.url } });
    // The SDK's APIPromise only settles through then(), so it is awaited here, not handed to expect.
    let status: unknown;
    try {
      await client.anthropic.messages.create(BODY);
    } catch (error) {
      status = error instanceof Error && "status" in error ? error.status : error;
    }
    expect(status).toBe(529);
    expect(server.requestCount).toBe(1);
  });

  test("adds the extra headers it is given", async () => {
    server.push(textTurn("ok"));
    const client = createModelClient({
      credentials: { source: "ANTHROPIC_API_KEY", headers: { "x-api-key": "k" }, baseURL: server.url },
      headers: { "anthropic-beta": "context-management-2025-06-27" },
    });
    await client.anthropic.messages.create(BODY);
    expect(server.requests[0]?.headers["anthropic-beta"]).toBe("context-management-2025-06-27");
  });

  test("uses an injected fetch", async () => {
    server.push(textTurn("ok"));
    const seen: string[] = [];
    const client = createModelClient({
      credentials: { source: "ANTHROPIC_API_KEY", headers: { "x-api-key": "k" }, baseURL: server.url },
      fetch: (input, init) => {
        seen.push(String(input instanceof Request ? input.url : input));
        return fetch(input, init);
      },
    });
    await client.anthropic.messages.create(BODY);
    expect(seen).toEqual([`${server.url}/v1/messages`]);
  });

  test("API_TIMEOUT_MS sets the timeout: a positive whole number, else 10 minutes", () => {
    expect(requestTimeoutMs({})).toBe(DEFAULT_API_TIMEOUT_MS);
    expect(DEFAULT_API_TIMEOUT_MS).toBe(600_000);
    expect(requestTimeoutMs({ API_TIMEOUT_MS: "1500" })).toBe(1500);
    expect(requestTimeoutMs({ API_TIMEOUT_MS: "0" })).toBe(DEFAULT_API_TIMEOUT_MS);
    expect(requestTimeoutMs({ API_TIMEOUT_MS: "soon" })).toBe(DEFAULT_API_TIMEOUT_MS);
    const client = createModelClient({ credentials: { source: "ANTHROPIC_API_KEY", headers: { "x-api-key": "k" }, baseURL: server.url }, env: { API_TIMEOUT_MS: "2500" } });
    expect(client.timeoutMs).toBe(2500);
  });
});

describe("response size limits", () => {
  test("an error body is cut at its limit", async () => {
    server.push({ kind: "http_error", status: 500, rawBody: "y".repeat(10_000) });
    const response = await limitedFetch(fetch, { maxErrorBodyBytes: 64, maxBodyBytes: 1000 })(`${server.url}/v1/messages`, { method: "POST", body: "{}" });
    expect(response.status).toBe(500);
    expect((await response.text()).length).toBe(64);
  });
});
