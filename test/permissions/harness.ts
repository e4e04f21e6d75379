/**
 * A real project folder and an outside folder on disk (files, symlinks, a hard link), stand-in
 * tools that declare the capabilities real tools declare, and `decideFor` to ask the engine.
 */
import { linkSync, mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { buildTool, type AnyTool } from "../../src/Tool.ts";
import type { HookDefinition } from "../../src/hooks/types.ts";
import { decide } from "../../src/permissions/decide.ts";
import { parseRule } from "../../src/permissions/parseRule.ts";
import type { PermissionDecision, PermissionMode, PermissionRule, RuleBehavior } from "../../src/permissions/types.ts";
import { createTestContext } from "../helpers/testContext.ts";
import { createTemporaryFolder, type TemporaryFolder } from "../helpers/temporaryFolder.ts";

function fakeTool(name: string, shape: z.ZodRawShape, extra: Partial<AnyTool> = {}): AnyTool {
  return buildTool({
    name,
    inputSchema: z.strictObject(shape),
    maxResultSizeChars: 10_000,
    async call() {
      return { data: "" };
    },
    async description() {
      return name;
    },
    async prompt() {
      return name;
    },
    mapToolResultToToolResultBlockParam: (output: unknown, id: string) => ({ type: "tool_result", tool_use_id: id, content: String(output) }),
    ...extra,
  }) as AnyTool;
}

export const Bash = fakeTool("Bash", { command: z.string() });
export const Read = fakeTool("Read", { file_path: z.string() }, { isReadOnly: () => true, getPath: (input) => input.file_path });
export const Edit = fakeTool("Edit", { file_path: z.string(), old_string: z.string(), new_string: z.string() }, { getPath: (input) => input.file_path });
/** Like the real one: searches file contents under `path` (the working folder when unset). */
export const Grep = fakeTool("Grep", { pattern: z.string(), path: z.string().optional() }, { isReadOnly: () => true, getPath: (input) => input.path });
export const Write = fakeTool("Write", { file_path: z.string(), content: z.string() }, { getPath: (input) => input.file_path });
/** Like the real one: read-only, but fetching from the network is its own question. */
export const WebFetch = fakeTool("WebFetch", { url: z.string(), prompt: z.string() }, {
  isReadOnly: () => true,
  checkPermissions: async () => ({ behavior: "ask", reason: "fetching a URL reaches the network" }),
});
export const McpQuery = fakeTool("mcp__db__query", { sql: z.string() }, { isMcp: true });
export const McpDrop = fakeTool("mcp__db__drop", { table: z.string() }, { isMcp: true });
export const Agent = fakeTool("Agent", { subagent_type: z.string(), prompt: z.string() });
export const AskingTool = fakeTool("Asker", { value: z.string() }, { checkPermissions: async () => ({ behavior: "ask", reason: "the tool wants a word" }) });

export interface Playground {
  project: string;
  outside: string;
  sibling: string;
  home: string;
  remove(): void;
}

/**
 * project/ holds src/a.ts, .env, secrets/key, link-out (-> outside/secret.txt), link-env (-> .env),
 * linkdir (-> outside/), hard (a hard link of outside/secret.txt). A sibling folder shares the
 * project's name as a prefix (project-evil).
 */
export function createPlayground(): Playground {
  const root: TemporaryFolder = createTemporaryFolder("toolshed-perm-");
  const project = join(root.path, "project");
  const outside = join(root.path, "outside");
  const sibling = join(root.path, "project-evil");
  const home = join(root.path, "home");
  for (const folder of [project, outside, sibling, home, join(project, "src"), join(project, "secrets"), join(project, ".git")]) mkdirSync(folder, { recursive: true });
  writeFileSync(join(project, "src", "a.ts"), "export {};\n");
  writeFileSync(join(project, ".env"), "TOKEN=1\n");
  writeFileSync(join(project, "secrets", "key"), "k\n");
  writeFileSync(join(outside, "secret.txt"), "s\n");
  writeFileSync(join(sibling, "x.txt"), "x\n");
  symlinkSync(join(outside, "secret.txt"), join(project, "link-out"));
  symlinkSync(join(project, ".env"), join(project, "link-env"));
  symlinkSync(outside, join(project, "linkdir"));
  linkSync(join(outside, "secret.txt"), join(project, "hard"));
  return { project, outside, sibling, home, remove: root.remove };
}

export interface RuleSet {
  allow?: string[];
  ask?: string[];
  deny?: string[];
}

export function rulesFrom(set: RuleSet, baseDirectory?: string): PermissionRule[] {
  const behaviors: RuleBehavior[] = ["allow", "ask", "deny"];
  return behaviors.flatMap((behavior) => (set[behavior] ?? []).map((text) => {
    const parsed = parseRule(text, behavior, "projectSettings", baseDirectory);
    if (parsed.rule === undefined) throw new Error(parsed.warning);
    return parsed.rule;
  }));
}

export interface DecideForOptions {
  tool: AnyTool;
  input: { [key: string]: unknown };
  rules?: RuleSet;
  mode?: PermissionMode;
  cwd: string;
  additionalDirectories?: string[];
  /** PreToolUse hooks in force, and where the engine's warnings go. */
  hooks?: HookDefinition[];
  warn?: (text: string) => void;
}

export async function decideFor(options: DecideForOptions): Promise<PermissionDecision> {
  const context = createTestContext({
    tools: [options.tool],
    cwd: options.cwd,
    permissionContext: {
      mode: options.mode ?? "default",
      rules: rulesFrom(options.rules ?? {}, options.cwd),
      additionalDirectories: options.additionalDirectories ?? [],
      ...(options.hooks !== undefined ? { hooks: options.hooks } : {}),
      ...(options.warn !== undefined ? { warn: options.warn } : {}),
    },
  });
  return decide({ tool: options.tool, input: options.input, context });
}
