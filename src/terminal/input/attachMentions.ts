/**
 * Turns the `@path` mentions of a message into attachments the model reads. Each file is judged
 * by the permission engine as a read of that path: a deny rule such as `Read(.env)` holds against
 * a mention too, and one the engine would ask about (a link leading out of the working folders, a
 * file outside them, a mention a command file made rather than the person) is put to the person,
 * saying why, before anything is attached.
 */
import type { TextBlockParam } from "@anthropic-ai/sdk/resources/messages";
import { z } from "../../schema/zod.ts";
import { buildTool, type ToolUseContext } from "../../Tool.ts";
import { readPreviewText } from "../../files/readPreviewText.ts";
import { lazy } from "../../lazy.ts";
import { decide } from "../../permissions/decide.ts";
import { attachedFileText, unattachedFileText } from "../prompt.ts";
import { displayPath, mentionedFiles } from "./fileMentions.ts";

/** The stand-in the engine judges: a read of one path, declared as any reading tool would. */
const mentionReader = lazy(() => buildTool({
  name: "FileMention",
  inputSchema: () => z.strictObject({ path: z.string() }),
  maxResultSizeChars: 0,
  isReadOnly: () => true,
  permissionSubjects: (input) => [{ kind: "path", path: input.path, access: "read" }],
  description: "A file the user attached with @",
  prompt: "",
  call: async () => ({ data: undefined }),
  mapToolResultToToolResultBlockParam: (_output: unknown, toolUseId: string) => ({ type: "tool_result", tool_use_id: toolUseId, content: "" }),
}));

export interface Attachments {
  blocks: TextBlockParam[];
  /** What the person is told (a file that was left out, and why). */
  notices: string[];
}

/** Asks the person whether to attach a mentioned file, given the question; true for yes. */
export type ConfirmAttachment = (question: string) => Promise<boolean>;

/** The attachments for `text`'s mentions; `confirm` answers for the ones the engine would ask about. */
export async function attachMentions(text: string, context: ToolUseContext, confirm: ConfirmAttachment): Promise<Attachments> {
  const blocks: TextBlockParam[] = [];
  const notices: string[] = [];
  for (const { path } of mentionedFiles(text, context.cwd)) {
    const shown = displayPath(path, context.cwd);
    const decision = await decide({ tool: mentionReader(), input: { path }, context });
    if (decision.decision === "deny") {
      notices.push(`@${shown} was not attached: ${decision.reason}`);
      blocks.push({ type: "text", text: unattachedFileText(shown, "a permission rule denies reading it") });
      continue;
    }
    if (decision.decision === "ask" && !(await confirm(`Attach @${shown} for the model to read? ${decision.reason}.`))) {
      notices.push(`@${shown} was not attached: you said no`);
      blocks.push({ type: "text", text: unattachedFileText(shown, "the user chose not to attach it") });
      continue;
    }
    const read = readPreviewText(path);
    if (read.kind !== "text") {
      notices.push(`@${shown} was not attached: it is not a text file of at most 4 MB`);
      blocks.push({ type: "text", text: unattachedFileText(shown, "it is not a text file of at most 4 MB") });
      continue;
    }
    blocks.push({ type: "text", text: attachedFileText(shown, read.text) });
  }
  return { blocks, notices };
}
