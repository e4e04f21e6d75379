/** A permission question: what asks, what it would run or change (a diff for edits), why, and the numbered answers. */
import { Box, Text } from "ink";
import { wrapText } from "../markdown/wrapText.ts";
import type { Style } from "../style.ts";
import type { QuestionView as Question } from "../terminalState.ts";

/** The answers as lines, the selected one marked. */
export function optionLines(labels: readonly string[], selected: number, width: number, style: Style): string[] {
  return labels.flatMap((label, index) => {
    const marker = index === selected ? style.color("accent", "❯ ") : "  ";
    const lines = wrapText(`${index + 1}. ${label}`, width - 2);
    return lines.map((line, position) => `${position === 0 ? marker : "  "}${index === selected ? style.color("accent", line) : line}`);
  });
}

export function QuestionView({ question, selected, width, style }: { question: Question; selected: number; width: number; style: Style }) {
  const inner = Math.max(10, width - 4);
  const subject = question.subject.flatMap((line) => wrapText(line, inner - 2)).map((line) => `  ${line}`);
  const diff = question.diff?.flatMap((line) => wrapText(line, inner)) ?? [];
  return (
    <Box flexDirection="column" borderStyle="round" borderColor={style.colors ? "yellow" : undefined} paddingX={1} width={width} marginTop={1}>
      <Text>{style.bold(question.heading)}</Text>
      <Text>{subject.join("\n")}</Text>
      {diff.length > 0 && <Text>{diff.join("\n")}</Text>}
      <Text>{wrapText(style.dim(question.reason), inner).join("\n")}</Text>
      <Box marginTop={1} flexDirection="column">
        <Text>Do you want to go ahead?</Text>
        <Text>{optionLines(question.options.map((option) => option.label), selected, inner, style).join("\n")}</Text>
      </Box>
      <Text>{style.dim("Enter or 1-3 to answer · Esc: no, and stop the model")}</Text>
    </Box>
  );
}
