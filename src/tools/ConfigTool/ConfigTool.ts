/** Config: reads the effective value of one settings key, or writes it to the project settings file. */
import { join } from "node:path";
import { z } from "zod";
import { buildTool } from "../../Tool.ts";
import { ToolError } from "../../errors/ToolError.ts";
import { readJsonFile } from "../../fs/readJsonFile.ts";
import { writeFileAtomic } from "../../fs/writeFileAtomic.ts";
import { CONFIG_TOOL_NAME, DESCRIPTION, PROJECT_SETTINGS_FILE, PROTECTED_SETTING_PREFIXES, renderPrompt } from "./prompt.ts";
import { getSetting, isSettingKey, setSetting } from "./settingPath.ts";

const inputSchema = z.strictObject({
  setting: z.string().min(1).describe('The dotted settings key, e.g. "model"'),
  value: z.union([z.string(), z.number(), z.boolean()]).optional().describe("The new value; leave it out to read the setting"),
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
  getPath: (input) => (input.value === undefined ? undefined : PROJECT_SETTINGS_FILE),
  getToolUseSummary: (input) => input?.setting ?? null,
  async description() {
    return DESCRIPTION;
  },
  async prompt() {
    return renderPrompt();
  },
  async validateInput(input) {
    if (!isSettingKey(input.setting)) {
      return { result: false, message: `"${input.setting}" is not a settings key. Use dotted names of letters and digits, such as "remoteTrigger.url".` };
    }
    if (input.value !== undefined && isProtected(input.setting)) {
      return { result: false, message: `Config cannot change "${input.setting}": settings under ${PROTECTED_SETTING_PREFIXES.join(", ")} decide what tools may do. Ask the user to edit ${PROJECT_SETTINGS_FILE} instead.` };
    }
    return { result: true };
  },
  async call(input, context): Promise<{ data: ConfigOutput }> {
    const file = join(context.cwd, PROJECT_SETTINGS_FILE);
    const project = readProjectSettings(file);
    if (input.value === undefined) {
      const effective = getSetting(context.getAppState().settings ?? {}, input.setting);
      return { data: { operation: "read", setting: input.setting, value: effective, projectValue: getSetting(project, input.setting) } };
    }
    let updated: Record<string, unknown>;
    try {
      updated = setSetting(project, input.setting, input.value);
    } catch (error) {
      throw new ToolError(`Cannot set "${input.setting}" in ${file}: ${(error as Error).message}.`);
    }
    writeFileAtomic(file, `${JSON.stringify(updated, null, 2)}\n`, { createParents: true });
    const previous = getSetting(context.getAppState().settings ?? {}, input.setting);
    context.setAppState((state) => {
      try {
        return { ...state, settings: setSetting(state.settings ?? {}, input.setting, input.value) };
      } catch {
        return state; // The merged settings hold a non-object on the way; the file is still written.
      }
    });
    return { data: { operation: "write", setting: input.setting, previous, value: input.value, file } };
  },
  mapToolResultToToolResultBlockParam(output: ConfigOutput, toolUseId) {
    const show = (value: unknown) => (value === undefined ? "(not set)" : JSON.stringify(value));
    const content = output.operation === "read"
      ? `${output.setting} = ${show(output.value)} (project file: ${show(output.projectValue)})`
      : `Set ${output.setting} to ${show(output.value)} in ${output.file} (was ${show(output.previous)}).`;
    return { type: "tool_result", tool_use_id: toolUseId, content };
  },
});
