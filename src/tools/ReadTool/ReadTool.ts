/** Read: a text file's lines, numbered, with offset and limit. */
import { closeSync, readSync, type Stats } from "node:fs";
import { extname } from "node:path";
import type * as Z from "zod/mini";
import { z } from "../../schema/zod.ts";
import { buildTool, type ToolUseContext } from "../../Tool.ts";
import { errorCode } from "../../errors/fileSystemErrorMessage.ts";
import { fileToolError } from "../../errors/fileToolError.ts";
import { ToolError } from "../../errors/ToolError.ts";
import type { FileState } from "../../files/FileStateCache.ts";
import { hashBytes } from "../../files/hashBytes.ts";
import { describeSpecialFile, openRegularFile, type OpenedFile } from "../../files/openRegularFile.ts";
import { readDescriptorBounded } from "../../files/readBoundedFile.ts";
import { requireAbsolutePath, resolveFilePath } from "../../files/resolveFilePath.ts";
import { missingFileMessage } from "../../files/suggestSimilarPaths.ts";
import { BINARY_SNIFF_BYTES, DEFAULT_LINE_LIMIT, MAX_DOCUMENT_BYTES, MAX_IMAGE_BYTES, MAX_OUTPUT_CHARS, MAX_WHOLE_FILE_BYTES, READ_TIMEOUT_MS } from "./limits.ts";
import { IMAGE_EXTENSIONS, type MediaReadOutput } from "./mediaOutput.ts";
import { readImage } from "./readImage.ts";
import { readNotebook } from "./readNotebook.ts";
import { readPdf } from "./readPdf.ts";
import { DESCRIPTION, READ_TOOL_NAME, renderPrompt } from "./prompt.ts";
import { readTextWindow, ReadTimeoutError } from "./readTextWindow.ts";

/** Built on first use: start-up never pays for a schema it does not need. */
const inputSchema = () => z.strictObject({
  file_path: z.string().check(z.describe("The absolute path to the file to read")),
  offset: z.optional(z.int().check(z.nonnegative()))
    .check(z.describe("The line number to start reading from (1 is the first line). Only give it for files too large to read at once")),
  limit: z.optional(z.int().check(z.positive()))
    .check(z.describe("How many lines to read. Only give it for files too large to read at once")),
  pages: z.optional(z.string())
    .check(z.describe('For PDF files only: the page range to read, such as "1-5" or "3"')),
});

export type ReadInput = Z.infer<ReturnType<typeof inputSchema>>;

/** Records what the file looked like, applied by the scheduler in call order (Read runs in parallel). */
function remember(filePath: string, state: FileState): (context: ToolUseContext) => ToolUseContext {
  return (context) => {
    context.services.fileState.set(filePath, state);
    return context;
  };
}

/** Read's output: numbered text, or content blocks for images, PDFs and notebooks. */
export type ReadOutput = TextReadOutput | MediaReadOutput;

export interface TextReadOutput {
  kind?: "text";
  filePath: string;
  /** The numbered text, or an empty string for an empty file. */
  numberedText: string;
  startLine: number;
  numLines: number;
  totalLines?: number;
  hasMore: boolean;
  cutLines: number;
  empty: boolean;
}

function formatOutput(output: TextReadOutput): string {
  if (output.empty) return `The file ${output.filePath} exists but is empty.`;
  if (output.numLines === 0) {
    const total = output.totalLines === undefined ? "fewer lines" : `${output.totalLines} line${output.totalLines === 1 ? "" : "s"}`;
    return `The file ${output.filePath} has ${total}; offset ${output.startLine} is past its end. Use a smaller offset.`;
  }
  const notes: string[] = [];
  if (output.hasMore) {
    const next = output.startLine + output.numLines;
    notes.push(`The file goes on past line ${next - 1}${output.totalLines === undefined ? "" : ` (${output.totalLines} lines in all)`}; read on with offset=${next}.`);
  }
  if (output.cutLines > 0) notes.push(`${output.cutLines} long line${output.cutLines === 1 ? " was" : "s were"} cut.`);
  return notes.length === 0 ? output.numberedText : `${output.numberedText}\n\n(${notes.join(" ")})`;
}

/** Opens the file the model named, or throws the ToolError that says what it is instead. */
function openForRead(filePath: string, context: { cwd: string }): { descriptor: number; stats: Stats } {
  let opened: OpenedFile;
  try {
    opened = openRegularFile(filePath);
  } catch (error) {
    const code = errorCode(error);
    if (code === "ENOENT" || code === "ENOTDIR") throw new ToolError(missingFileMessage(filePath, context));
    throw fileToolError(error, filePath);
  }
  if (opened.kind === "folder") {
    throw new ToolError(`${filePath} is a folder, not a file. Use Glob or LS to list what it holds.`);
  }
  // A pipe, socket or device has no end to read to (a FIFO blocks, /dev/zero never ends).
  if (opened.kind === "special") {
    throw new ToolError(
      `${filePath} is not a regular file (it is ${describeSpecialFile(opened.stats)}), so Read cannot read it. Use Bash with a command that stops, such as head -c 1000 ${filePath}.`,
    );
  }
  return opened;
}

/** True when the file's start holds a NUL byte and no UTF-16 byte order mark (UTF-16 text is full of them). */
function looksBinary(descriptor: number): boolean {
  const start = Buffer.alloc(BINARY_SNIFF_BYTES);
  let length: number;
  try {
    length = readSync(descriptor, start, 0, start.length, 0);
  } catch {
    return false; // Not readable at an offset: the text reader says what is wrong.
  }
  if (length >= 2 && ((start[0] === 0xff && start[1] === 0xfe) || (start[0] === 0xfe && start[1] === 0xff))) return false;
  return start.subarray(0, length).includes(0);
}

async function readOpenFile(input: ReadInput, filePath: string, { descriptor, stats }: { descriptor: number; stats: Stats }): Promise<{ data: ReadOutput; contextModifier: (context: ToolUseContext) => ToolUseContext }> {
  const extension = extname(filePath).toLowerCase();
  const isMedia = IMAGE_EXTENSIONS.has(extension) || extension === ".pdf" || extension === ".ipynb";
  if (isMedia && stats.size > 0) {
    const limit = IMAGE_EXTENSIONS.has(extension) ? MAX_IMAGE_BYTES : MAX_DOCUMENT_BYTES;
    const bytes = stats.size > limit ? undefined : readDescriptorBounded(descriptor, stats.size, limit);
    if (bytes === undefined) {
      throw new ToolError(`${filePath} is ${Math.ceil(Math.max(stats.size, limit + 1) / 1000)} KB, more than the ${Math.floor(limit / 1000)} KB Read takes for this kind of file.`);
    }
    const data = extension === ".pdf"
      ? await readPdf(filePath, bytes, input.pages)
      : extension === ".ipynb"
        ? readNotebook(filePath, new TextDecoder().decode(bytes))
        : readImage(filePath, bytes);
    return { data, contextModifier: remember(filePath, { contentHash: hashBytes(bytes), mtimeMs: stats.mtimeMs, size: stats.size, ino: stats.ino, readAt: Date.now() }) };
  }
  const partial = input.offset !== undefined || input.limit !== undefined;
  if (!partial && stats.size > MAX_WHOLE_FILE_BYTES) {
    throw new ToolError(
      `${filePath} is ${Math.ceil(stats.size / 1024)} KB, more than the ${MAX_WHOLE_FILE_BYTES / 1024} KB Read returns at once. ` +
        "Read it in parts with offset and limit, or search it with Grep.",
    );
  }
  if (looksBinary(descriptor)) {
    const quoted = /^[\w./@+-]+$/.test(filePath) ? filePath : `'${filePath.replaceAll("'", "'\\''")}'`;
    throw new ToolError(
      `${filePath} looks like a binary file (its start holds NUL bytes), so Read does not show it as text. ` +
        `Look at it with Bash instead: file ${quoted}, or xxd ${quoted} | head, or strings ${quoted} | head.`,
    );
  }
  const startLine = Math.max(1, input.offset ?? 1);
  const limit = input.limit ?? DEFAULT_LINE_LIMIT;
  let window: Awaited<ReturnType<typeof readTextWindow>>;
  try {
    window = await readTextWindow(descriptor, stats.size, startLine, limit);
  } catch (error) {
    if (!(error instanceof ReadTimeoutError)) throw error;
    throw new ToolError(
      `Reading ${filePath} for lines ${startLine}-${startLine + limit - 1} took longer than ${READ_TIMEOUT_MS / 1000} seconds (it got to line ${error.linesScanned + 1}). ` +
        "Search it with Grep instead, or read its end with Bash (tail).",
    );
  }
  if (window === undefined) {
    throw new ToolError(
      `${filePath} reports no size (as files under /proc do) but holds more than the ${MAX_WHOLE_FILE_BYTES / 1024} KB Read takes from such a file. ` +
        `Use Bash with a command that stops, such as head -c 100000 ${filePath}.`,
    );
  }
  const numberedText = window.lines.map((line, index) => `${window.startLine + index}\t${line}`).join("\n");
  if (numberedText.length > MAX_OUTPUT_CHARS) {
    throw new ToolError(
      `Lines ${startLine}-${startLine + window.lines.length - 1} of ${filePath} come to ${numberedText.length} characters, ` +
        `more than the ${MAX_OUTPUT_CHARS} Read returns at once. Use a smaller limit, or search with Grep.`,
    );
  }
  const state: FileState = {
    contentHash: window.contentHash,
    mtimeMs: stats.mtimeMs,
    size: stats.size,
    ino: stats.ino,
    readAt: Date.now(),
    offset: partial ? startLine : undefined,
    limit: partial ? limit : undefined,
  };
  return {
    contextModifier: remember(filePath, state),
    data: {
      filePath,
      numberedText,
      startLine,
      numLines: window.lines.length,
      totalLines: window.totalLines,
      hasMore: window.hasMore,
      cutLines: window.cutLines,
      empty: window.empty,
    },
  };
}

export const ReadTool = buildTool({
  name: READ_TOOL_NAME,
  searchHint: "read file contents lines text",
  inputSchema,
  // Read limits itself; saving its output to a file would only invite another Read.
  maxResultSizeChars: Number.POSITIVE_INFINITY,
  ruleFamily: "readPaths",
  tags: ["simple", "primitive"],
  isConcurrencySafe: () => true,
  isReadOnly: () => true,
  permissionSubjects: (input) => [{ kind: "path", path: input.file_path, access: "read" }],
  getToolUseSummary: (input) => input?.file_path ?? null,
  description: DESCRIPTION,
  prompt: renderPrompt,
  async validateInput(input, context) {
    const absolute = requireAbsolutePath("file_path", input.file_path, context);
    if (!absolute.result) return absolute;
    if (input.pages !== undefined && !input.file_path.toLowerCase().endsWith(".pdf")) {
      return { result: false, message: "pages applies only to PDF files. Leave it out, and use offset and limit for text files." };
    }
    return { result: true };
  },
  async call(input, { context }) {
    const filePath = resolveFilePath(input.file_path, context);
    const descriptor = openForRead(filePath, context);
    try {
      return await readOpenFile(input, filePath, descriptor);
    } catch (error) {
      throw fileToolError(error, filePath);
    } finally {
      closeSync(descriptor.descriptor);
    }
  },
  mapToolResultToToolResultBlockParam(output: ReadOutput, toolUseId) {
    if (output.kind === "media") return { type: "tool_result", tool_use_id: toolUseId, content: output.blocks };
    return { type: "tool_result", tool_use_id: toolUseId, content: formatOutput(output) };
  },
});
