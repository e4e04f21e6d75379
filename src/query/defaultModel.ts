/**
 * The model a run talks to by default: credentials from the environment or the settings'
 * apiKeyHelper, one client, streamMessage with its retries, aliases resolved, output limits per
 * model, the small model for helper requests, and one place where usage is counted. What the
 * CLI hands the loop; tests and embedders can build their own ModelAccess.
 */
import type { Settings } from "../settings/settingsSchema.ts";
import { resolveCredentials } from "./credentials.ts";
import type { ModelAccess } from "./modelAccess.ts";
import { defaultMaxTokens, resolveModel } from "./modelAliases.ts";
import { createModelClient } from "./modelClient.ts";
import { createRunAccounting } from "./runAccounting.ts";
import { streamMessage } from "./streamMessage.ts";
import { sendsToolReferences, withToolReferenceFallback } from "./toolReferenceFallback.ts";

/** The environment variable naming the small, fast model (as the leading agent spells it). */
export const SMALL_MODEL_VARIABLE = "ANTHROPIC_SMALL_FAST_MODEL";

export interface DefaultModelOptions {
  settings: Settings;
  cwd: string;
  /** The main model, as given (an alias or an id). */
  model: string;
  fallbackModel?: string;
  signal?: AbortSignal;
  env?: Record<string, string | undefined>;
}

/** Resolves the credentials (running the apiKeyHelper when it is the source) and makes the client. */
export async function createDefaultModel(options: DefaultModelOptions): Promise<{ access: ModelAccess; apiKeySource: string }> {
  const env = options.env ?? process.env;
  const credentials = await resolveCredentials({ env, apiKeyHelper: options.settings.apiKeyHelper, cwd: options.cwd, signal: options.signal });
  const client = createModelClient({ credentials, env });
  const small = env[SMALL_MODEL_VARIABLE]?.trim();
  const access: ModelAccess = {
    // Deferred tools reach a gateway that takes no tool references as full definitions instead.
    callModel: withToolReferenceFallback((params, signal) => streamMessage({ client, params, signal, env }), { references: sendsToolReferences(credentials.baseURL, env) }),
    model: resolveModel(options.model, env),
    fallbackModel: options.fallbackModel === undefined ? undefined : resolveModel(options.fallbackModel, env),
    smallModel: resolveModel(small === undefined || small === "" ? "haiku" : small, env),
    resolveModel: (name) => resolveModel(name, env),
    maxOutputTokens: (model) => defaultMaxTokens(model, env),
    accounting: createRunAccounting(env),
  };
  return { access, apiKeySource: credentials.source };
}
