/**
 * A temporary folder standing in for the user's machine in settings tests: a `project` folder,
 * with the user folder (`TOOLSHED_CONFIG_DIR`) and the managed settings file moved inside it.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { createTemporaryFolder, type TemporaryFolder } from "./temporaryFolder.ts";

export interface SettingsSandbox {
  root: TemporaryFolder;
  /** `<root>/project`, created empty. */
  project: string;
  /** Puts back the working folder and environment, and removes the folder. */
  restore(): void;
}

const MOVED = ["TOOLSHED_CONFIG_DIR", "TOOLSHED_MANAGED_SETTINGS"] as const;

/** Creates the sandbox; with `chdir`, the process works in the project folder until `restore`. */
export function createSettingsSandbox(prefix: string, options: { chdir?: boolean } = {}): SettingsSandbox {
  const root = createTemporaryFolder(prefix);
  const project = join(root.path, "project");
  mkdirSync(project);
  const savedCwd = process.cwd();
  const savedEnv = MOVED.map((name) => [name, process.env[name]] as const);
  process.env.TOOLSHED_CONFIG_DIR = join(root.path, "user");
  process.env.TOOLSHED_MANAGED_SETTINGS = join(root.path, "managed.json");
  if (options.chdir) process.chdir(project);
  return {
    root,
    project,
    restore() {
      if (options.chdir) process.chdir(savedCwd);
      // Assigning undefined would leave the text "undefined" behind.
      for (const [name, value] of savedEnv) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
      root.remove();
    },
  };
}
