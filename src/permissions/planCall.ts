/** Works out what a call is judged on: the shell analysis and subjects, or the tool's path. */
import type { AnyTool } from "../Tool.ts";
import { analyzeShellCommand } from "../shell/analyzeShellCommand.ts";
import { initShellParser } from "../shell/shellParser.ts";
import type { ShellAnalysis } from "../shell/types.ts";
import { matchToolName } from "./matchToolName.ts";
import { shellSubjects } from "./shellSubjects.ts";
import type { Subject } from "./subjects.ts";

export interface CallPlan {
  subjects: Subject[];
  /** Set for shell commands. */
  analysis?: ShellAnalysis;
}

/** Tools that read the contents of every file under the folder they are given. */
const CONTENT_SEARCH_TOOLS: ReadonlySet<string> = new Set(["Grep"]);

/** True for the shell tool, whose `command` input the shell analysis reads. */
export function isShellCall(tool: AnyTool, input: { [key: string]: unknown }): boolean {
  return matchToolName("Bash", tool) && typeof input.command === "string";
}

/** The subjects of one call. */
export async function planCall(tool: AnyTool, input: { [key: string]: unknown }): Promise<CallPlan> {
  if (isShellCall(tool, input)) {
    await initShellParser();
    const analysis = analyzeShellCommand(input.command as string);
    return { analysis, subjects: shellSubjects(analysis) };
  }
  const subjects: Subject[] = [{ kind: "tool" }];
  // A content search without a path searches the working folder.
  const path = tool.getPath?.(input) ?? (CONTENT_SEARCH_TOOLS.has(tool.name) ? "." : undefined);
  if (typeof path === "string" && path !== "") {
    subjects.push({
      kind: "path",
      access: tool.isReadOnly(input) ? "read" : "write",
      word: { value: path, literal: true, glob: false },
      cwd: { kind: "start" },
      label: `${tool.name} ${path}`,
      fromTool: true,
      // A content search reads every file under a folder it is given, like `grep -r`.
      recursive: CONTENT_SEARCH_TOOLS.has(tool.name),
    });
  }
  return { subjects };
}
