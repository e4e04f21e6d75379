import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { existsSync } from "node:fs";
import { join } from "node:path";
import {
  ApiKeyHelperError,
  CredentialsError,
  DEFAULT_BASE_URL,
  MissingCredentialsError,
  resolveBaseURL,
  resolveCredentials,
} from "../../src/query/credentials.ts";
import { createTemporaryFolder, type TemporaryFolder } from "../helpers/temporaryFolder.ts";

let folder: TemporaryFolder;
beforeEach(() => {
  folder = createTemporaryFolder("toolshed-credentials-");
});
afterEach(() => folder.remove());

async function failure(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Error) return error;
  }
  throw new Error("expected the promise to fail");
}

describe("credentials from the environment", () => {
  test("ANTHROPIC_API_KEY goes in x-api-key", async () => {
    const credentials = await resolveCredentials({ env: { ANTHROPIC_API_KEY: " sk-ant-1 " } });
    expect(credentials).toEqual({ source: "ANTHROPIC_API_KEY", headers: { "x-api-key": "sk-ant-1" }, baseURL: DEFAULT_BASE_URL });
  });

  test("ANTHROPIC_AUTH_TOKEN goes in Authorization: Bearer, and wins over the API key", async () => {
    const credentials = await resolveCredentials({ env: { ANTHROPIC_AUTH_TOKEN: "tok", ANTHROPIC_API_KEY: "key" } });
    expect(credentials.source).toBe("ANTHROPIC_AUTH_TOKEN");
    expect(credentials.headers).toEqual({ authorization: "Bearer tok" });
  });

  test("ANTHROPIC_BASE_URL moves the requests (a trailing slash is dropped)", async () => {
    const credentials = await resolveCredentials({ env: { ANTHROPIC_API_KEY: "k", ANTHROPIC_BASE_URL: "http://127.0.0.1:9999/gateway/" } });
    expect(credentials.baseURL).toBe("http://127.0.0.1:9999/gateway");
  });

  test("a base URL that is not http(s) is an error naming the variable", () => {
    expect(() => resolveBaseURL({ ANTHROPIC_BASE_URL: "not a url" })).toThrow(/ANTHROPIC_BASE_URL is not a URL/);
    expect(() => resolveBaseURL({ ANTHROPIC_BASE_URL: "ftp://example.com" })).toThrow(/must start with http/);
  });

  test("a value that cannot be a header is an error naming the variable", async () => {
    const error = await failure(resolveCredentials({ env: { ANTHROPIC_API_KEY: "two words" } }));
    expect(error).toBeInstanceOf(CredentialsError);
    expect(error.message).toContain("ANTHROPIC_API_KEY");
  });

  test("empty variables count as unset", async () => {
    const error = await failure(resolveCredentials({ env: { ANTHROPIC_API_KEY: "  ", ANTHROPIC_AUTH_TOKEN: "" } }));
    expect(error).toBeInstanceOf(MissingCredentialsError);
  });
});

describe("credentials from apiKeyHelper", () => {
  test("the helper's output, trimmed, is the key, sent in both headers", async () => {
    const credentials = await resolveCredentials({ env: {}, apiKeyHelper: "printf '  sk-from-helper\\n'", cwd: folder.path });
    expect(credentials).toEqual({
      source: "apiKeyHelper",
      headers: { "x-api-key": "sk-from-helper", authorization: "Bearer sk-from-helper" },
      baseURL: DEFAULT_BASE_URL,
    });
  });

  test("an API key in the environment wins, and the helper does not run", async () => {
    const marker = join(folder.path, "ran");
    const credentials = await resolveCredentials({ env: { ANTHROPIC_API_KEY: "env-key" }, apiKeyHelper: `touch ${marker}; echo helper-key`, cwd: folder.path });
    expect(credentials.headers).toEqual({ "x-api-key": "env-key" });
    expect(existsSync(marker)).toBe(false);
  });

  test("a failing helper is an error naming the command, its status and what it said", async () => {
    const error = await failure(resolveCredentials({ env: {}, apiKeyHelper: "echo vault is sealed >&2; exit 3", cwd: folder.path }));
    expect(error).toBeInstanceOf(ApiKeyHelperError);
    expect(error.message).toContain('"echo vault is sealed >&2; exit 3"');
    expect(error.message).toContain("exited with status 3");
    expect(error.message).toContain("vault is sealed");
  });

  test("a helper that does not finish in time is stopped", async () => {
    const started = performance.now();
    const error = await failure(resolveCredentials({ env: {}, apiKeyHelper: "sleep 10; echo late", cwd: folder.path, helperTimeoutMs: 100 }));
    expect(error).toBeInstanceOf(ApiKeyHelperError);
    expect(error.message).toContain("did not finish within 1 s");
    expect(performance.now() - started).toBeLessThan(5000);
  });

  test("a helper that prints nothing, or more than a key, is an error", async () => {
    expect((await failure(resolveCredentials({ env: {}, apiKeyHelper: "true", cwd: folder.path }))).message).toContain("printed nothing");
    const noisy = await failure(resolveCredentials({ env: {}, apiKeyHelper: "echo Your key is: sk-1", cwd: folder.path }));
    expect(noisy.message).toContain("not a key");
  });

  test("an abort stops the helper", async () => {
    const controller = new AbortController();
    const pending = failure(resolveCredentials({ env: {}, apiKeyHelper: "sleep 10", cwd: folder.path, signal: controller.signal }));
    controller.abort();
    expect((await pending).message).toContain("aborted");
  });
});

test("with no credentials at all, the error names every way to give them", async () => {
  const error = await failure(resolveCredentials({ env: {} }));
  expect(error).toBeInstanceOf(MissingCredentialsError);
  for (const way of ["ANTHROPIC_API_KEY", "ANTHROPIC_AUTH_TOKEN", "ANTHROPIC_BASE_URL", "apiKeyHelper"]) expect(error.message).toContain(way);
});
