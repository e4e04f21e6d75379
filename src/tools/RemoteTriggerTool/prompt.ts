/** Every word the model reads about RemoteTrigger. */
export const REMOTE_TRIGGER_TOOL_NAME = "RemoteTrigger";
/** A request that takes longer than this is abandoned. */
export const REQUEST_TIMEOUT_MS = 30_000;
/** Longer response bodies are cut to this many characters. */
export const MAX_RESPONSE_CHARS = 50_000;
/** The settings key that names the endpoint. */
export const URL_SETTING = "remoteTrigger.url";

export const DESCRIPTION = "Manage the triggers of the remote trigger service configured in settings.";

export function renderPrompt(): string {
  return `Lists, reads, creates, updates and runs triggers on the remote trigger service whose address is
the ${URL_SETTING} setting.

- action "list" returns every trigger; "get" one trigger (trigger_id required).
- action "create" makes a trigger from body (a JSON object, required); "update" changes one
  (trigger_id and body required); "run" starts one now (trigger_id required, body optional).
- The service's answer comes back as it was sent (JSON is pretty-printed), cut at
  ${MAX_RESPONSE_CHARS} characters. A request is abandoned after ${REQUEST_TIMEOUT_MS / 1000} seconds.
- An error status from the service is reported with its body; when ${URL_SETTING} is not set,
  say so to the user rather than guessing an address.`;
}
