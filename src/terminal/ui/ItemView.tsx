/** One finished item, drawn once above the live part (inside Ink's Static). */
import { Box, Text } from "ink";
import { renderItemLines } from "../renderItemLines.ts";
import type { Style } from "../style.ts";
import type { ScreenItem } from "../terminalState.ts";

export function ItemView({ item, width, style }: { item: ScreenItem; width: number; style: Style }) {
  // A blank line between items (an answer printed in parts is split at its blank lines too).
  return (
    <Box marginTop={1}>
      <Text>{renderItemLines(item, width, style).join("\n")}</Text>
    </Box>
  );
}
