/** Path checks shared by the file tools. */
import { isAbsolute, resolve } from "node:path";
import type { ToolUseContext, ValidationResult } from "../../Tool.ts";

/** The absolute, normalised form of a path the model gave. */
export function resolveFilePath(path: string, context: ToolUseContext): string {
  return isAbsolute(path) ? resolve(path) : resolve(context.cwd, path);
}

/** The folder (or file) a search tool looks in: the working folder when `path` is left out or empty. */
export function resolveSearchPath(path: string | undefined, context: ToolUseContext): string {
  return path === undefined || path === "" ? context.cwd : resolveFilePath(path, context);
}

/** Fails relative paths with a suggestion of the absolute one. */
export function requireAbsolutePath(parameter: string, path: string, context: ToolUseContext): ValidationResult {
  if (isAbsolute(path)) return { result: true };
  return {
    result: false,
    message: `${parameter} must be an absolute path, but "${path}" is relative. Did you mean ${resolveFilePath(path, context)}?`,
  };
}
