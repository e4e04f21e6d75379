/** Read of a notebook: every cell with its id, type and source, then its outputs (images as blocks). */
import { ToolError } from "../../errors/ToolError.ts";
import { MAX_OUTPUT_CHARS } from "./limits.ts";
import { detectImageType, imageBlock, type MediaBlock, type MediaReadOutput } from "./mediaOutput.ts";
import { cellId, joinSource, parseNotebook, type NotebookOutput } from "../../files/notebookFormat.ts";

// Tracebacks carry terminal colour codes.
const ANSI = /\u001b\[[0-9;]*[A-Za-z]/g;

function outputText(output: NotebookOutput): string | undefined {
  if (output.output_type === "stream") return joinSource(output.text);
  if (output.output_type === "error") {
    return [`${output.ename ?? "Error"}: ${output.evalue ?? ""}`, ...(output.traceback ?? [])].join("\n").replace(ANSI, "");
  }
  const plain = output.data?.["text/plain"];
  if (typeof plain === "string" || Array.isArray(plain)) return joinSource(plain as string | string[]);
  return undefined;
}

function outputImage(output: NotebookOutput): MediaBlock | undefined {
  for (const key of ["image/png", "image/jpeg"]) {
    const value = output.data?.[key];
    if (typeof value !== "string") continue;
    const bytes = Buffer.from(value.replace(/\s/g, ""), "base64");
    const type = detectImageType(bytes);
    if (type !== undefined) return imageBlock(bytes, type);
  }
  return undefined;
}

export function readNotebook(filePath: string, text: string): MediaReadOutput {
  const notebook = parseNotebook(text, filePath);
  const blocks: MediaBlock[] = [];
  let current = `Notebook ${filePath}: ${notebook.cells.length} cell${notebook.cells.length === 1 ? "" : "s"}.`;
  let characters = 0;
  notebook.cells.forEach((cell, index) => {
    const execution = cell.execution_count == null ? "" : `, execution ${cell.execution_count}`;
    current += `\n\n<cell id="${cellId(cell, index)}" type="${cell.cell_type}"${execution}>\n${joinSource(cell.source)}\n</cell>`;
    for (const output of cell.outputs ?? []) {
      const shown = outputText(output);
      if (shown !== undefined && shown !== "") current += `\n<output>\n${shown.replace(/\n$/, "")}\n</output>`;
      const image = outputImage(output);
      if (image !== undefined) {
        blocks.push({ type: "text", text: current });
        characters += current.length;
        current = `(image output of cell ${cellId(cell, index)} above)`;
        blocks.push(image);
      }
    }
  });
  blocks.push({ type: "text", text: current });
  characters += current.length;
  if (characters > MAX_OUTPUT_CHARS) {
    throw new ToolError(`${filePath} comes to ${characters} characters, more than the ${MAX_OUTPUT_CHARS} Read returns at once. Search it with Grep, or read it as text with Bash (e.g. jq) in parts.`);
  }
  return { kind: "media", filePath, blocks };
}
