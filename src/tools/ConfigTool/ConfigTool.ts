/** Config: reads the effective value of one settings key, or writes it to the project settings file. */
import { join } from "node:path";
import { z } from "../../schema/zod.ts";
import { buildTool, type ToolUseContext } from "../../Tool.ts";
import { ToolError } from "../../errors/ToolError.ts";
import { readJsonFile } from "../../files/readJsonFile.ts";
import { writeFileAtomic } from "../../files/writeFileAtomic.ts";
import { settingsKeys, settingsSchema } from "../../settings/settingsSchema.ts";
import { CONFIG_TOOL_NAME, DESCRIPTION, PROJECT_SETTINGS_FILE, PROTECTED_SETTING_PREFIXES, renderPrompt } from "./prompt.ts";
import { getSetting, isSettingKey, setSetting } from "./settingPath.ts";

/** Built on first use: start-up never pays for a schema it does not need. */
const inputSchema = () => z.strictObject({
  setting: z.string().check(z.minLength(1), z.describe('The dotted settings key, e.g. "model"')),
  value: z.optional(z.union([z.string(), z.number(), z.boolean()])).check(z.describe("The new value; leave it out to read the setting")),
});

export type ConfigOutput =
  | { operation: "read"; setting: string; value: unknown; projectValue: unknown }
  | { operation: "write"; setting: string; previous: unknown; value: unknown; file: string };

function readProjectSettings(file: string): Record<string, unknown> {
  const json = readJsonFile(file, `${file} is not valid JSON; fix it by hand before changing settings with Config.`);
  if (json === undefined) return {};
  if (json === null || typeof json !== "object" || Array.isArray(json)) throw new ToolError(`${file} must hold a JSON object.`);
  return json as Record<string, unknown>;
}

/** Why `settings` does not fit the schema at `setting`'s top-level key, or undefined when it does. */
function settingProblem(settings: Record<string, unknown>, setting: string): string | undefined {
  const checked = settingsSchema().safeParse(settings);
  if (checked.success) return undefined;
  const top = setting.split(".")[0];
  const issue = checked.error.issues.find((candidate) => candidate.path[0] === top) ?? checked.error.issues[0];
  return issue === undefined ? "it does not fit the settings" : `${issue.path.map(String).join(".")}: ${issue.message}`;
}

/** The session's effective settings with the new value, applied in call order. */
function applySetting(setting: string, value: unknown): (context: ToolUseContext) => ToolUseContext {
  return (context) => {
    context.setAppState((state) => {
      try {
        const next = settingsSchema().safeParse(setSetting(state.settings, setting, value));
        return next.success ? { ...state, settings: next.data } : state;
      } catch {
        return state; // The merged settings hold a non-object on the way; the file is still written.
      }
    });
    return context;
  };
}

function isProtected(setting: string): boolean {
  return PROTECTED_SETTING_PREFIXES.some((prefix) => setting === prefix || setting.startsWith(`${prefix}.`));
}

export const ConfigTool = buildTool({
  name: CONFIG_TOOL_NAME,
  searchHint: "settings configuration read write key",
  inputSchema,
  maxResultSizeChars: 20_000,
  isReadOnly: (input) => input.value === undefined,
  isConcurrencySafe: (input) => input.value === undefined,
  permissionSubjects: (input) => (input.value === undefined ? [] : [{ kind: "path", path: PROJECT_SETTINGS_FILE, access: "write" }]),
  getToolUseSummary: (input) => input?.setting ?? null,
  description: DESCRIPTION,
  prompt: renderPrompt,
  async validateInput(input) {
    if (!isSettingKey(input.setting)) {
      return { result: false, message: `"${input.setting}" is not a settings key. Use dotted names of letters and digits, such as "remoteTrigger.url".` };
    }
    const top = input.setting.split(".")[0] ?? "";
    if (!settingsKeys().includes(top)) {
      return { result: false, message: `"${top}" is not a toolshed setting. The settings are: ${settingsKeys().join(", ")}.` };
    }
    if (input.value !== undefined && isProtected(input.setting)) {
      return { result: false, message: `Config cannot change "${input.setting}": settings under ${PROTECTED_SETTING_PREFIXES.join(", ")} decide what tools may do. Ask the user to edit ${PROJECT_SETTINGS_FILE} instead.` };
    }
    return { result: true };
  },
  async call(input, { context }): Promise<{ data: ConfigOutput; contextModifier?: (context: ToolUseContext) => ToolUseContext }> {
    const file = join(context.cwd, PROJECT_SETTINGS_FILE);
    const project = readProjectSettings(file);
    if (input.value === undefined) {
      const effective = getSetting(context.getAppState().settings, input.setting);
      return { data: { operation: "read", setting: input.setting, value: effective, projectValue: getSetting(project, input.setting) } };
    }
    let updated: Record<string, unknown>;
    try {
      updated = setSetting(project, input.setting, input.value);
    } catch (error) {
      throw new ToolError(`Cannot set "${input.setting}" in ${file}: ${(error as Error).message}.`);
    }
    const problem = settingProblem(updated, input.setting);
    if (problem !== undefined) throw new ToolError(`Cannot set "${input.setting}" to ${JSON.stringify(input.value)}: ${problem}.`);
    writeFileAtomic(file, `${JSON.stringify(updated, null, 2)}\n`, { createParents: true });
    const previous = getSetting(context.getAppState().settings, input.setting);
    return {
      data: { operation: "write", setting: input.setting, previous, value: input.value, file },
      contextModifier: applySetting(input.setting, input.value),
    };
  },
  mapToolResultToToolResultBlockParam(output: ConfigOutput, toolUseId) {
    const show = (value: unknown) => (value === undefined ? "(not set)" : JSON.stringify(value));
    const content = output.operation === "read"
      ? `${output.setting} = ${show(output.value)} (project file: ${show(output.projectValue)})`
      : `Set ${output.setting} to ${show(output.value)} in ${output.file} (was ${show(output.previous)}).`;
    return { type: "tool_result", tool_use_id: toolUseId, content };
  },
});
