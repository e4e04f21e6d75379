/**
 * A real project folder and an outside folder on disk (files, symlinks, a hard link), the real
 * tools of the build (and stand-ins, declaring what real ones will, for tools that come later),
 * and `decideFor` to ask the engine as the pipeline does: PreToolUse hooks first, then `decide`.
 */
import { linkSync, mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import * as z from "zod/mini";
import type { AnyTool } from "../../src/Tool.ts";
import type { HookDefinition } from "../../src/hooks/types.ts";
import { runPreToolUseHooks } from "../../src/hooks/runPreToolUseHooks.ts";
import { decide } from "../../src/permissions/decide.ts";
import { parseRule } from "../../src/permissions/parseRule.ts";
import type { PermissionDecision, PermissionMode, PermissionRule, RuleBehavior } from "../../src/permissions/types.ts";
import { getRuleFamilies } from "../../src/tools.ts";
import { BashTool } from "../../src/tools/BashTool/BashTool.ts";
import { EditTool } from "../../src/tools/EditTool/EditTool.ts";
import { GrepTool } from "../../src/tools/GrepTool/GrepTool.ts";
import { ReadTool } from "../../src/tools/ReadTool/ReadTool.ts";
import { WriteTool } from "../../src/tools/WriteTool/WriteTool.ts";
import { fakeTool } from "../helpers/fakeTool.ts";
import { createTestContext } from "../helpers/testSession.ts";
import { createTemporaryFolder, type TemporaryFolder } from "../helpers/temporaryFolder.ts";

export const Bash = BashTool;
export const Read = ReadTool;
export const Edit = EditTool;
/** Searches file contents under `path` (the working folder when unset). */
export const Grep = GrepTool;
export const Write = WriteTool;
/** Read-only, but fetching from the network is its own question: declares the address it fetches. */
export const WebFetch = fakeTool({
  name: "WebFetch",
  shape: { url: z.string(), prompt: z.string() },
  readOnly: true,
  ruleFamily: "urls",
  subjects: (input) => [{ kind: "url", url: String(input.url) }],
  extra: { checkPermissions: async () => ({ behavior: "ask", reason: "fetching a URL reaches the network" }) },
});
export const McpQuery = fakeTool({ name: "mcp__db__query", shape: { sql: z.string() }, tags: ["mcp"] });
export const McpDrop = fakeTool({ name: "mcp__db__drop", shape: { table: z.string() }, tags: ["mcp"] });
/** Declares the sub-agent type it starts as a named thing. */
export const Agent = fakeTool({
  name: "Agent",
  shape: { subagent_type: z.string(), prompt: z.string() },
  subjects: (input) => [{ kind: "named", name: String(input.subagent_type) }],
});
export const AskingTool = fakeTool({
  name: "Asker",
  shape: { value: z.string() },
  extra: { checkPermissions: async () => ({ behavior: "ask", reason: "the tool wants a word" }) },
});

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
    const parsed = parseRule(text, behavior, "projectSettings", baseDirectory, getRuleFamilies());
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
  const context = await createTestContext({
    tools: [options.tool],
    cwd: options.cwd,
    rules: rulesFrom(options.rules ?? {}, options.cwd),
    mode: options.mode,
    additionalDirectories: options.additionalDirectories,
    hooks: options.hooks,
  });
  const hookVerdict = await runPreToolUseHooks({ tool: options.tool, input: options.input, context, toolUseId: "toolu_decide" });
  for (const warning of hookVerdict.warnings) options.warn?.(warning);
  return decide({ tool: options.tool, input: options.input, context, hookVerdict });
}
