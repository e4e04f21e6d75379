/**
 * Works out what a call is judged on, from what its tool declares for this input: each shell
 * command (parsed, split into parts and the paths they touch) and each path. A call that declares
 * no shell command is also judged as a whole (the tool subject, which carries the addresses and
 * named things the tool declared).
 */
import type { AnyTool } from "../Tool.ts";
import type { ShellAnalysis } from "../shell/types.ts";
import { loadShellAnalysis } from "../shell/shellAnalysisLoader.ts";
import { shellSubjects } from "./shellSubjects.ts";
import type { Subject } from "./subjects.ts";

export interface CallPlan {
  subjects: Subject[];
  /** One analysis per declared shell command. */
  analyses: ShellAnalysis[];
}

/** The shell analysis is loaded only for calls that run a command (it brings the parser). */
async function analyzeCommand(command: string): Promise<{ analysis: ShellAnalysis; subjects: Subject[] }> {
  const { analyzeShellCommand } = await loadShellAnalysis();
  const analysis = analyzeShellCommand(command);
  return { analysis, subjects: shellSubjects(analysis) };
}

/** The subjects of one call. A declaration that throws is a bug of the tool: the caller logs it and asks. */
export async function planCall(tool: AnyTool, input: { [key: string]: unknown }): Promise<CallPlan> {
  const subjects: Subject[] = [];
  const analyses: ShellAnalysis[] = [];
  const urls: string[] = [];
  const names: string[] = [];
  for (const declared of tool.permissionSubjects(input)) {
    if (declared.kind === "shell") {
      const { analysis, subjects: found } = await analyzeCommand(declared.command);
      analyses.push(analysis);
      for (const subject of found) subjects.push(subject);
    } else if (declared.kind === "path") {
      if (declared.path === "") continue;
      subjects.push({
        kind: "path",
        access: declared.access,
        word: { value: declared.path, literal: true, glob: false },
        cwd: { kind: "start" },
        label: `${tool.name} ${declared.path}`,
        fromTool: true,
        recursive: declared.recursive,
      });
    } else if (declared.kind === "url") urls.push(declared.url);
    else names.push(declared.name);
  }
  if (analyses.length === 0) subjects.unshift({ kind: "tool", urls, names });
  return { subjects, analyses };
}
