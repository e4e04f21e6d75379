/** The replacement itself: exact match, uniqueness unless replace_all, and helpful misses. */
import { ToolError } from "../../errors/ToolError.ts";
import { findNearMiss, hasLineNumberPrefixes } from "./findNearMiss.ts";
import { numberLines } from "./numberLines.ts";

export interface EditRequest {
  filePath: string;
  /** The file's text, LF line ends, no BOM. */
  text: string;
  oldString: string;
  newString: string;
  replaceAll: boolean;
}

export interface AppliedEdit {
  text: string;
  replacements: number;
  /** 1-based lines of the first replacement in the new text. */
  startLine: number;
  endLine: number;
}

function lineOf(text: string, index: number): number {
  let line = 1;
  for (let at = text.indexOf("\n"); at !== -1 && at < index; at = text.indexOf("\n", at + 1)) line++;
  return line;
}

function occurrences(text: string, wanted: string): number[] {
  const found: number[] = [];
  for (let at = text.indexOf(wanted); at !== -1; at = text.indexOf(wanted, at + wanted.length)) found.push(at);
  return found;
}

function missMessage({ filePath, text, oldString }: EditRequest): string {
  const base = `old_string was not found in ${filePath}.`;
  if (hasLineNumberPrefixes(oldString)) {
    return `${base} It starts its lines with line numbers and tabs as Read shows them; those are not part of the file. Leave them out and match the text after the tab exactly.`;
  }
  const near = findNearMiss(text, oldString);
  if (near !== undefined) {
    const region = numberLines(text.split("\n"), near.startLine, near.endLine);
    return `${base} Lines ${near.startLine}-${near.endLine} match it apart from ${near.differences.join(" and ")}:\n${region}\n` +
      "Copy old_string exactly from that text (without the line numbers), keeping its whitespace and quote characters.";
  }
  return `${base} Match the file's text exactly, including indentation, whitespace and quote characters; Read the file again if you are not sure of its current content.`;
}

/** Applies one Edit to `text`, or throws a ToolError the model can act on. */
export function applyEdit(request: EditRequest): AppliedEdit {
  const { filePath, text, oldString, newString, replaceAll } = request;
  const found = occurrences(text, oldString);
  if (found.length === 0) throw new ToolError(missMessage(request));
  if (found.length > 1 && !replaceAll) {
    const lines = found.slice(0, 10).map((index) => lineOf(text, index));
    throw new ToolError(
      `old_string occurs ${found.length} times in ${filePath} (at lines ${lines.join(", ")}${found.length > 10 ? ", ..." : ""}). ` +
        "Add surrounding lines to old_string so it matches exactly one place, or set replace_all to true to change every occurrence.",
    );
  }
  const first = found[0] as number;
  const updated = replaceAll ? text.split(oldString).join(newString) : text.slice(0, first) + newString + text.slice(first + oldString.length);
  const startLine = lineOf(updated, first);
  const shownText = newString.endsWith("\n") ? newString.slice(0, -1) : newString;
  const endLine = startLine + Math.max(0, shownText.split("\n").length - 1);
  return { text: updated, replacements: replaceAll ? found.length : 1, startLine, endLine };
}
