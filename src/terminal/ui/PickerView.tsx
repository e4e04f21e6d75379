/** A list to choose from (/model, /resume), the selected entry marked. */
import { Box, Text } from "ink";
import stringWidth from "string-width";
import type { Style } from "../style.ts";
import type { PickerView as Picker } from "../terminalState.ts";
import { printableText } from "../../text/printableText.ts";

function clip(text: string, width: number): string {
  if (stringWidth(text) <= width) return text;
  let clipped = text;
  while (clipped.length > 0 && stringWidth(`${clipped}…`) > width) clipped = clipped.slice(0, -1);
  return `${clipped}…`;
}

export function PickerView({ picker, width, style }: { picker: Picker; width: number; style: Style }) {
  const inner = Math.max(10, width - 4);
  const lines = picker.options.map((option, index) => {
    const marker = index === picker.selected ? style.color("accent", "❯ ") : "  ";
    const tick = picker.checked === undefined ? "" : picker.checked[index] ? "[x] " : "[ ] ";
    const label = clip(printableText(`${index + 1}. ${tick}${option.label}`), Math.max(8, inner - 2 - (option.detail === undefined ? 0 : Math.min(30, stringWidth(option.detail) + 2))));
    const detail = option.detail === undefined ? "" : `  ${style.dim(clip(printableText(option.detail), 28))}`;
    return `${marker}${index === picker.selected ? style.color("accent", label) : label}${detail}`;
  });
  return (
    <Box flexDirection="column" borderStyle="round" borderColor={style.colors ? "cyan" : undefined} paddingX={1} width={width} marginTop={1}>
      {/* Titles quote what others wrote (a repository's settings, a server's name): shown, never obeyed. */}
      <Text>{style.bold(printableText(picker.title))}</Text>
      <Text>{lines.join("\n")}</Text>
      <Text>{style.dim(picker.checked === undefined ? "↑/↓ and Enter to choose · Esc to cancel" : "↑/↓ to move · Space to tick · Enter to take the ticked ones · Esc to cancel")}</Text>
    </Box>
  );
}
