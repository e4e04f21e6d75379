/** Every word the model reads about Config. */
export const CONFIG_TOOL_NAME = "Config";
/** The file Config writes, relative to the working folder. */
export const PROJECT_SETTINGS_FILE = ".toolshed/settings.json";
/**
 * Keys Config will not write: they decide what tools may do, or where credentials go (a model
 * that could set remoteTrigger's address and token variable could send any secret anywhere), so
 * only a person edits them.
 */
export const PROTECTED_SETTING_PREFIXES: readonly string[] = ["permissions", "hooks", "env", "apiKeyHelper", "remoteTrigger"];

export const DESCRIPTION = "Read or change one toolshed setting.";

export function renderPrompt(): string {
  return `Reads or writes one toolshed setting, named by its dotted key (for example "model").

- Without value: returns the setting's effective value (all settings files merged) and what the
  project file holds.
- With value (a string, number or boolean): writes it to ${PROJECT_SETTINGS_FILE} under the working
  folder, creating the file if needed, and it takes effect for the rest of the session.
- Keys under ${PROTECTED_SETTING_PREFIXES.join(", ")} cannot be changed with this tool; ask the user to edit
  the settings file instead.`;
}
