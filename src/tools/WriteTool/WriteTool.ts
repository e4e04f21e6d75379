/** Write: creates a file or replaces one that was read in this session and is unchanged since. */
import { z } from "../../schema/zod.ts";
import { buildTool } from "../../Tool.ts";
import { readFileStart } from "../../files/readBoundedFile.ts";
import { requireAbsolutePath, resolveFilePath } from "../../files/resolveFilePath.ts";
import { statOrUndefined } from "../../files/statOrUndefined.ts";
import { decodeSample, detectEncoding, detectTextFormat, encodeText, toDiskText } from "../../files/textFormat.ts";
import { unreadFileProblem } from "../../files/fileFreshness.ts";
import { writeCheckedFile } from "../../files/writeCheckedFile.ts";
import { FORMAT_SAMPLE_BYTES, MAX_WRITE_COMPARE_BYTES } from "./limits.ts";
import { DESCRIPTION, renderPrompt, WRITE_TOOL_NAME } from "./prompt.ts";
import { previewWrite } from "./previewWrite.ts";

/** Built on first use: start-up never pays for a schema it does not need. */
const inputSchema = () => z.strictObject({
  file_path: z.string().check(z.minLength(1), z.describe("The absolute path to the file to write (must be absolute, not relative)")),
  content: z.string().check(z.describe("The content to write to the file")),
});

export interface WriteOutput {
  type: "create" | "update";
  filePath: string;
  lines: number;
  bytes: number;
}

function countLines(text: string): number {
  if (text === "") return 0;
  return text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
}

export const WriteTool = buildTool({
  name: WRITE_TOOL_NAME,
  searchHint: "create or overwrite a file",
  inputSchema,
  maxResultSizeChars: 100_000,
  tags: ["primitive"],
  // Replacing an existing file loses its old content; creating one does not.
  isDestructive: (input) => statOrUndefined(input.file_path) !== undefined,
  permissionSubjects: (input) => [{ kind: "path", path: input.file_path, access: "write" }],
  getToolUseSummary: (input) => input?.file_path ?? null,
  previewChange: previewWrite,
  description: DESCRIPTION,
  prompt: renderPrompt,
  async validateInput(input, context) {
    const absolute = requireAbsolutePath("file_path", input.file_path, context);
    if (!absolute.result) return absolute;
    const stats = statOrUndefined(input.file_path);
    if (stats?.isDirectory()) return { result: false, message: `${input.file_path} is a folder. Give the path of a file to write.` };
    return { result: true };
  },
  // Nobody is asked to approve a change to a file that was not read: it could not be made.
  async beforeAsking(input, context) {
    return unreadFileProblem(resolveFilePath(input.file_path, context), context.services.fileState, "write");
  },
  async call(input, { context }) {
    const filePath = resolveFilePath(input.file_path, context);
    const lines = countLines(input.content);
    const data = await writeCheckedFile<WriteOutput>({
      path: filePath,
      fileState: context.services.fileState,
      maxBytes: MAX_WRITE_COMPARE_BYTES,
      action: "write",
      produce(current) {
        if (current === undefined) return { text: input.content, result: { type: "create", filePath, lines, bytes: Buffer.byteLength(input.content) } };
        // The old file's line ends, byte order mark and encoding (UTF-16 stays UTF-16) are kept;
        // a large one shows them in its start. A byte order mark the content asks for is written.
        const sample = current.bytes ?? readFileStart(current.target, FORMAT_SAMPLE_BYTES);
        const encoding = detectEncoding(sample);
        const format = detectTextFormat(decodeSample(sample, encoding));
        const text = toDiskText(input.content, { ...format, bom: format.bom || input.content.startsWith("\uFEFF") });
        return { text, encoding, result: { type: "update", filePath, lines, bytes: encodeText(text, encoding).length } };
      },
    });
    return { data };
  },
  mapToolResultToToolResultBlockParam(output: WriteOutput, toolUseId) {
    const what = output.type === "create" ? "Created" : "Updated";
    const lines = `${output.lines} line${output.lines === 1 ? "" : "s"}`;
    return { type: "tool_result", tool_use_id: toolUseId, content: `${what} ${output.filePath} (${lines}, ${output.bytes} bytes).` };
  },
});
