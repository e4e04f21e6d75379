/** Path checks shared by the file tools. */
import { isAbsolute, resolve } from "node:path";
import type { ValidationResult } from "../Tool.ts";

/** Where relative paths are resolved: the working folder. */
export interface PathBase {
  cwd: string;
}

/** The absolute, normalised form of a path the model gave. */
export function resolveFilePath(path: string, base: PathBase): string {
  return isAbsolute(path) ? resolve(path) : resolve(base.cwd, path);
}

/** The folder (or file) a search tool looks in: the working folder when `path` is left out or empty. */
export function resolveSearchPath(path: string | undefined, base: PathBase): string {
  return path === undefined || path === "" ? base.cwd : resolveFilePath(path, base);
}

/** Fails relative paths with a suggestion of the absolute one. */
export function requireAbsolutePath(parameter: string, path: string, base: PathBase): ValidationResult {
  if (isAbsolute(path)) return { result: true };
  return {
    result: false,
    message: `${parameter} must be an absolute path, but "${path}" is relative. Did you mean ${resolveFilePath(path, base)}?`,
  };
}
