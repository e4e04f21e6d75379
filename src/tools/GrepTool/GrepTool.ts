/** Grep: ripgrep when it is on PATH, the built-in engine otherwise; the same output either way. */
import type * as Z from "zod/mini";
import { z } from "../../schema/zod.ts";
import { buildTool } from "../../Tool.ts";
import { resolveSearchPath, type PathBase } from "../../files/resolveFilePath.ts";
import { grepBuiltin } from "../../search/grepBuiltin.ts";
import { findRipgrep, grepRipgrep } from "../../search/grepRipgrep.ts";
import type { GrepRequest } from "../../search/grepTypes.ts";
import { splitGlobList } from "../../search/overrideGlobs.ts";
import { formatGrepOutput, orderGrepResult, type GrepOutput } from "./formatGrepOutput.ts";
import { DEFAULT_HEAD_LIMIT, GREP_TIMEOUT_MS } from "./limits.ts";
import { DESCRIPTION, GREP_TOOL_NAME, renderPrompt } from "./prompt.ts";
import { checkSearchRoot, checkSearchText } from "./checkGrepInput.ts";

const count = () => z.int().check(z.nonnegative());
const described = <T extends Z.ZodMiniType>(schema: T, text: string) => z.optional(schema).check(z.describe(text));

/** Built on first use: start-up never pays for a schema it does not need. */
const inputSchema = () => z.strictObject({
  pattern: z.string().check(z.minLength(1), z.describe("The regular expression to search for in file contents")),
  path: described(z.string(), "File or folder to search in. Defaults to the working folder"),
  glob: described(z.string(), 'Glob to filter files, e.g. "*.js" or "*.{ts,tsx}"'),
  output_mode: described(z.enum(["content", "files_with_matches", "count"]),
    '"content" shows matching lines, "files_with_matches" shows file paths (default), "count" shows match counts'),
  "-B": described(count(), "Lines to show before each match (content mode only)"),
  "-A": described(count(), "Lines to show after each match (content mode only)"),
  "-C": described(count(), "Lines to show before and after each match (content mode only)"),
  context: described(count(), "Same as -C"),
  "-n": described(z.boolean(), "Show line numbers (content mode only; default true)"),
  "-i": described(z.boolean(), "Case-insensitive search"),
  "-o": described(z.boolean(), "Show only the matched parts of lines (content mode only)"),
  type: described(z.string(), 'File type to search, e.g. "js", "py", "rust"'),
  head_limit: described(count(), `Keep only the first N results (default ${DEFAULT_HEAD_LIMIT}; 0 for no limit)`),
  offset: described(count(), "Skip the first N results before applying head_limit (default 0)"),
  multiline: described(z.boolean(), "Let patterns span lines and . match line ends (default false)"),
});

export type GrepInput = Z.infer<ReturnType<typeof inputSchema>>;

/** The engine request for a tool input. */
export function toGrepRequest(input: GrepInput, context: PathBase, signal: AbortSignal): GrepRequest {
  const outputMode = input.output_mode ?? "files_with_matches";
  const around = input["-C"] ?? input.context ?? 0;
  const headLimit = input.head_limit ?? DEFAULT_HEAD_LIMIT;
  const content = outputMode === "content";
  return {
    pattern: input.pattern,
    root: resolveSearchPath(input.path, context),
    globs: input.glob === undefined ? [] : splitGlobList(input.glob),
    type: input.type === "" ? undefined : input.type,
    outputMode,
    caseInsensitive: input["-i"] ?? false,
    lineNumbers: content && (input["-n"] ?? true),
    onlyMatching: content && (input["-o"] ?? false),
    before: content ? (input["-B"] ?? around) : 0,
    after: content ? (input["-A"] ?? around) : 0,
    multiline: input.multiline ?? false,
    maxLines: content && headLimit > 0 ? (input.offset ?? 0) + headLimit : undefined,
    signal,
    timeoutMs: GREP_TIMEOUT_MS,
  };
}

export const GrepTool = buildTool({
  name: GREP_TOOL_NAME,
  searchHint: "search file contents regex ripgrep",
  inputSchema,
  maxResultSizeChars: 20_000,
  tags: ["primitive"],
  isConcurrencySafe: () => true,
  isReadOnly: () => true,
  // A content search reads every file under the folder it is given (the working folder by default), like `grep -r`.
  permissionSubjects: (input) => [{ kind: "path", path: input.path || ".", access: "read", recursive: true }],
  getToolUseSummary: (input) => (input?.pattern === undefined ? null : `"${input.pattern}"${input.path ? ` in ${input.path}` : ""}`),
  description: DESCRIPTION,
  prompt: renderPrompt,
  async validateInput(input, context) {
    const text = checkSearchText(input);
    if (!text.result) return text;
    return checkSearchRoot(resolveSearchPath(input.path, context), context);
  },
  async call(input, { context, signal }) {
    const request = toGrepRequest(input, context, signal);
    const ripgrep = findRipgrep();
    const found = ripgrep === undefined ? await grepBuiltin(request) : await grepRipgrep(ripgrep, request);
    const result = orderGrepResult(found, request.outputMode);
    return {
      data: {
        mode: request.outputMode,
        result,
        offset: input.offset ?? 0,
        headLimit: input.head_limit ?? DEFAULT_HEAD_LIMIT,
      },
    };
  },
  mapToolResultToToolResultBlockParam(output: GrepOutput, toolUseId) {
    return { type: "tool_result", tool_use_id: toolUseId, content: formatGrepOutput(output) };
  },
});
