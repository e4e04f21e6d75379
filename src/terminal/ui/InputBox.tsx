/**
 * The input as drawn: a rounded box holding the text with its cursor (shown in reverse video, so
 * it shows without colours too), `>` before a message and `!` before a shell command, and the
 * completions being offered under it.
 */
import { Box, Text } from "ink";
import type { EditorState } from "../input/EditorState.ts";
import type { Style } from "../style.ts";
import { printableText } from "../../text/printableText.ts";

export interface Completion {
  /** What is inserted. */
  value: string;
  label: string;
  detail?: string;
}

export interface InputBoxProps {
  editor: EditorState;
  placeholder?: string;
  width: number;
  style: Style;
  completions: readonly Completion[];
  selected: number;
}

/** The text's lines with the cursor drawn in; the first line after the prompt mark. */
export function inputLines(editor: EditorState, style: Style, placeholder?: string): string[] {
  const shell = editor.text.startsWith("!");
  const mark = shell ? style.color("warning", "! ") : style.color("accent", "> ");
  if (editor.text === "") return [`${mark}${style.inverse(" ")}${placeholder === undefined ? "" : style.dim(placeholder)}`];
  // In a shell command the mark stands for the `!`, so the text is drawn without it.
  const text = shell ? editor.text.slice(1) : editor.text;
  const position = shell ? Math.max(0, editor.cursor - 1) : editor.cursor;
  const width = (text.codePointAt(position) ?? 0) > 0xffff ? 2 : 1;
  const at = text.slice(position, position + width);
  const cursor = at === "" || at === "\n" ? `${style.inverse(" ")}${at}` : style.inverse(at);
  const drawn = `${text.slice(0, position)}${cursor}${text.slice(position + at.length)}`;
  return drawn.split("\n").map((line, index) => `${index === 0 ? mark : "  "}${line}`);
}

export function InputBox({ editor, placeholder, width, style, completions, selected }: InputBoxProps) {
  const shell = editor.text.startsWith("!");
  const border = style.colors ? (shell ? "yellow" : "gray") : undefined;
  return (
    <Box flexDirection="column" width={width}>
      <Box borderStyle="round" borderColor={border} paddingX={1} width={width}>
        <Text>{inputLines(editor, style, placeholder).join("\n")}</Text>
      </Box>
      {completions.length > 0 && (
        <Box flexDirection="column" paddingX={2}>
          {completions.map((completion, index) => (
            <Text key={completion.value} wrap="truncate-end">
              {/* Labels and details quote file names and a repository's commands: shown, never obeyed. */}
              {index === selected ? style.inverse(printableText(completion.label)) : style.color("accent", printableText(completion.label))}
              {completion.detail === undefined ? "" : `  ${style.dim(printableText(completion.detail))}`}
            </Text>
          ))}
        </Box>
      )}
    </Box>
  );
}
