/**
 * The values of the session flags (`--settings`, `--allowedTools`, `--disallowedTools`,
 * `--permission-mode`, `--add-dir`), independent of how they were parsed.
 */
import { UsageError } from "../errors/ToolError.ts";
import { PERMISSION_MODES, type PermissionMode } from "../permissions/types.ts";

export interface SessionFlags {
  settings?: string;
  allowedTools: string[];
  disallowedTools: string[];
  permissionMode?: PermissionMode;
  addDirs: string[];
}

/** Splits `"Bash(npm test *),Read Edit"` into rules at commas and spaces outside parentheses. */
export function splitRuleList(text: string): string[] {
  const rules: string[] = [];
  let depth = 0;
  let current = "";
  for (const character of text) {
    if (character === "(") depth++;
    if (character === ")") depth = Math.max(0, depth - 1);
    if (depth === 0 && (character === "," || /\s/.test(character))) {
      if (current.trim() !== "") rules.push(current.trim());
      current = "";
      continue;
    }
    current += character;
  }
  if (current.trim() !== "") rules.push(current.trim());
  return rules;
}

function asList(value: unknown): string[] {
  if (value === undefined) return [];
  return (Array.isArray(value) ? value : [value]).filter((item): item is string => typeof item === "string");
}

/** Builds SessionFlags from parsed flag values; a bad mode is a UsageError listing the modes. */
export function sessionFlagsFromValues(values: { [key: string]: unknown }): SessionFlags {
  const skip = values["dangerously-skip-permissions"] === true;
  if (skip && values["permission-mode"] !== undefined && values["permission-mode"] !== "bypassPermissions") {
    throw new UsageError(`--dangerously-skip-permissions is bypassPermissions mode, but --permission-mode says "${String(values["permission-mode"])}"; give one of them.`);
  }
  const mode = skip ? "bypassPermissions" : values["permission-mode"];
  if (mode !== undefined && !(PERMISSION_MODES as readonly unknown[]).includes(mode)) {
    throw new UsageError(`--permission-mode "${String(mode)}" is not a mode. The modes are: ${PERMISSION_MODES.join(", ")}.`);
  }
  const settings = values.settings;
  return {
    settings: typeof settings === "string" ? settings : undefined,
    allowedTools: asList(values.allowedTools).flatMap(splitRuleList),
    disallowedTools: asList(values.disallowedTools).flatMap(splitRuleList),
    permissionMode: mode as PermissionMode | undefined,
    addDirs: asList(values["add-dir"]),
  };
}
