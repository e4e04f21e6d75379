/**
 * The model a run talks to by default: credentials from the environment or the settings'
 * apiKeyHelper, one client, streamMessage with its retries, aliases resolved, output limits
 * per model. What the CLI hands the loop; tests and embedders can hand it their own CallModel.
 */
import type { Settings } from "../settings/settingsSchema.ts";
import { resolveCredentials } from "./credentials.ts";
import { defaultMaxTokens, resolveModel } from "./modelAliases.ts";
import { createModelClient } from "./modelClient.ts";
import type { CallModel } from "./modelTypes.ts";
import { streamMessage } from "./streamMessage.ts";

export interface DefaultModel {
  callModel: CallModel;
  /** Where the credentials came from (the init event's apiKeySource). */
  apiKeySource: string;
  /** An alias (sonnet, opus, haiku) as the current model id; a full id as it is. */
  resolveModel(name: string): string;
  /** The output tokens asked for in each request. */
  maxOutputTokens(model: string): number;
}

/** Resolves the credentials (running the apiKeyHelper when it is the source) and makes the client. */
export async function createDefaultModel(options: { settings: Settings; cwd: string; signal?: AbortSignal; env?: Record<string, string | undefined> }): Promise<DefaultModel> {
  const env = options.env ?? process.env;
  const credentials = await resolveCredentials({ env, apiKeyHelper: options.settings.apiKeyHelper, cwd: options.cwd, signal: options.signal });
  const client = createModelClient({ credentials, env });
  return {
    callModel: (params, signal) => streamMessage({ client, params, signal, env }),
    apiKeySource: credentials.source,
    resolveModel: (name) => resolveModel(name, env),
    maxOutputTokens: (model) => defaultMaxTokens(model, env),
  };
}
