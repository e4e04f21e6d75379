/** Reads the remote trigger endpoint from the session's merged settings. */
import { z } from "../../schema/zod.ts";
import type { ToolUseContext } from "../../Tool.ts";
import { ToolError } from "../../errors/ToolError.ts";
import { URL_SETTING } from "./prompt.ts";

const RemoteTriggerSettingsSchema = () => z.looseObject({
  url: z.url({ protocol: /^https?$/ }),
  /** The name of an environment variable holding a bearer token (never the token itself). */
  tokenEnv: z.optional(z.string().check(z.regex(/^[A-Za-z_][A-Za-z0-9_]*$/))),
});

export interface RemoteTriggerEndpoint {
  baseUrl: string;
  headers: Record<string, string>;
}

/** The endpoint and its headers; a missing or malformed setting is a ToolError saying what to set. */
export function remoteTriggerEndpoint(context: ToolUseContext): RemoteTriggerEndpoint {
  const section = context.getAppState().settings?.remoteTrigger;
  if (section === undefined) {
    throw new ToolError(`RemoteTrigger has no endpoint: set "${URL_SETTING}" in .toolshed/settings.json (for example {"remoteTrigger": {"url": "https://triggers.example.com/api"}}).`);
  }
  const parsed = RemoteTriggerSettingsSchema().safeParse(section);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ToolError(`The remoteTrigger settings are invalid at ${issue?.path.join(".") || "remoteTrigger"}: ${issue?.message ?? "bad shape"}. ${URL_SETTING} must be an http or https address.`);
  }
  const headers: Record<string, string> = { accept: "application/json" };
  if (parsed.data.tokenEnv !== undefined) {
    // A bearer token over plain http can be read on the way: only to this machine.
    const { protocol, hostname } = new URL(parsed.data.url);
    const loopback = hostname === "localhost" || hostname === "[::1]" || /^127\.\d+\.\d+\.\d+$/.test(hostname);
    if (protocol !== "https:" && !loopback) {
      throw new ToolError(`remoteTrigger.url ${parsed.data.url} is plain http, and a token (remoteTrigger.tokenEnv) is never sent over http except to this machine. Use an https address.`);
    }
    const token = process.env[parsed.data.tokenEnv];
    if (token === undefined || token === "") {
      throw new ToolError(`remoteTrigger.tokenEnv names ${parsed.data.tokenEnv}, but that environment variable is not set.`);
    }
    headers.authorization = `Bearer ${token}`;
  }
  return { baseUrl: parsed.data.url.replace(/\/+$/, ""), headers };
}
