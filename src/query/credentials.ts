/**
 * Where the model client's credentials come from. The order is the leading agent's documented
 * "authentication precedence" (code.claude.com/docs/en/authentication, read 2026-12-01): a bearer
 * token first (ANTHROPIC_AUTH_TOKEN, for gateways), then ANTHROPIC_API_KEY, then the settings'
 * apiKeyHelper. So an environment key wins over the helper, and the helper (a shell command) only
 * runs when nothing in the environment answers. ANTHROPIC_BASE_URL moves every request elsewhere.
 */
import { z } from "../schema/zod.ts";
import { runHookCommand } from "../hooks/runHookCommand.ts";

/** Which of the three ways gave the credentials (the value `system/init` reports as apiKeySource). */
export type CredentialSource = "ANTHROPIC_AUTH_TOKEN" | "ANTHROPIC_API_KEY" | "apiKeyHelper";

export interface Credentials {
  source: CredentialSource;
  /** The headers that carry them: x-api-key, Authorization: Bearer, or both for a helper's key. */
  headers: Readonly<Record<string, string>>;
  /** Where requests go, without a trailing slash. */
  baseURL: string;
}

export const DEFAULT_BASE_URL = "https://api.anthropic.com";
/** The helper is stopped (with everything it started) after this long. */
export const API_KEY_HELPER_TIMEOUT_MS = 30_000;
/** A key longer than this is not a key: the helper printed something else. */
export const MAX_CREDENTIAL_CHARS = 16 * 1024;

/** Credentials that are present but unusable (a bad base URL, a value with spaces in it). */
export class CredentialsError extends Error {
  override readonly name: string = "CredentialsError";
}

/** None of the ways to give credentials was used. */
export class MissingCredentialsError extends CredentialsError {
  override readonly name = "MissingCredentialsError";
  constructor() {
    super(
      "No credentials for the Anthropic API. Give them in one of these ways: " +
        "set ANTHROPIC_API_KEY to an API key (sent as x-api-key); " +
        "set ANTHROPIC_AUTH_TOKEN to a bearer token (for a gateway, together with ANTHROPIC_BASE_URL); " +
        'or set "apiKeyHelper" in .toolshed/settings.json to a command that prints the key.',
    );
  }
}

/** The apiKeyHelper command failed, timed out, or printed something that is not a key. */
export class ApiKeyHelperError extends CredentialsError {
  override readonly name = "ApiKeyHelperError";
  constructor(readonly command: string, problem: string) {
    super(`The apiKeyHelper command "${command}" ${problem}. Fix the command in settings, or set ANTHROPIC_API_KEY instead.`);
  }
}

// Header values: visible ASCII only, so a stray newline or space cannot split or corrupt a header.
const credentialValue = z.string().check(z.minLength(1), z.maxLength(MAX_CREDENTIAL_CHARS), z.regex(/^[\x21-\x7e]+$/));

export interface ResolveCredentialsOptions {
  /** The environment to read; process.env by default. */
  env?: Record<string, string | undefined>;
  /** The settings' apiKeyHelper command. */
  apiKeyHelper?: string;
  /** Where the helper runs; the current folder by default. */
  cwd?: string;
  helperTimeoutMs?: number;
  signal?: AbortSignal;
}

function present(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed === undefined || trimmed === "" ? undefined : trimmed;
}

function checkedValue(value: string, name: string): string {
  if (credentialValue.safeParse(value).success) return value;
  throw new CredentialsError(
    `${name} is not usable as a credential: it must be one word of visible characters, at most ${MAX_CREDENTIAL_CHARS} long. Check its value.`,
  );
}

/** ANTHROPIC_BASE_URL as an http(s) URL without a trailing slash, or the API's own. */
export function resolveBaseURL(env: Record<string, string | undefined> = process.env): string {
  const given = present(env.ANTHROPIC_BASE_URL);
  if (given === undefined) return DEFAULT_BASE_URL;
  let url: URL;
  try {
    url = new URL(given);
  } catch {
    throw new CredentialsError(`ANTHROPIC_BASE_URL is not a URL: "${given}". Set it to the API's address, such as https://api.anthropic.com, or unset it.`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new CredentialsError(`ANTHROPIC_BASE_URL must start with http:// or https://, not "${url.protocol}". Check its value.`);
  }
  return given.replace(/\/+$/, "");
}

async function runApiKeyHelper(command: string, options: ResolveCredentialsOptions): Promise<string> {
  const timeoutMs = options.helperTimeoutMs ?? API_KEY_HELPER_TIMEOUT_MS;
  const env = options.env ?? process.env;
  const result = await runHookCommand({ command, cwd: options.cwd ?? process.cwd(), input: "", timeoutMs, signal: options.signal, env });
  if (result.startError !== undefined) throw new ApiKeyHelperError(command, `could not start: ${result.startError}`);
  if (result.aborted) throw new ApiKeyHelperError(command, "was stopped because the request was aborted");
  if (result.timedOut) throw new ApiKeyHelperError(command, `did not finish within ${Math.ceil(timeoutMs / 1000)} s`);
  if (result.exitCode !== 0) {
    const said = result.stderr.trim().slice(0, 300);
    const how = result.exitCode === null ? `was ended by signal ${result.signalCode ?? "unknown"}` : `exited with status ${result.exitCode}`;
    throw new ApiKeyHelperError(command, `${how}${said === "" ? "" : ` (it said: ${said})`}`);
  }
  const key = result.stdout.trim();
  if (key === "") throw new ApiKeyHelperError(command, "printed nothing");
  if (!credentialValue.safeParse(key).success) {
    const rule = `it must print only the key: one word of visible characters, at most ${MAX_CREDENTIAL_CHARS} long`;
    throw new ApiKeyHelperError(command, `printed something that is not a key (${rule})`);
  }
  return key;
}

/**
 * The credentials to use, by the precedence above. Throws MissingCredentialsError when there are
 * none, ApiKeyHelperError when the helper fails, CredentialsError for an unusable value.
 */
export async function resolveCredentials(options: ResolveCredentialsOptions = {}): Promise<Credentials> {
  const env = options.env ?? process.env;
  const baseURL = resolveBaseURL(env);
  const token = present(env.ANTHROPIC_AUTH_TOKEN);
  if (token !== undefined) {
    return { source: "ANTHROPIC_AUTH_TOKEN", headers: { authorization: `Bearer ${checkedValue(token, "ANTHROPIC_AUTH_TOKEN")}` }, baseURL };
  }
  const apiKey = present(env.ANTHROPIC_API_KEY);
  if (apiKey !== undefined) return { source: "ANTHROPIC_API_KEY", headers: { "x-api-key": checkedValue(apiKey, "ANTHROPIC_API_KEY") }, baseURL };
  const helper = present(options.apiKeyHelper);
  if (helper !== undefined) {
    const key = await runApiKeyHelper(helper, options);
    // As the leading agent does, the helper's value goes in both headers, for the API and for gateways.
    return { source: "apiKeyHelper", headers: { "x-api-key": key, authorization: `Bearer ${key}` }, baseURL };
  }
  throw new MissingCredentialsError();
}
