/** The status line, with a hint (such as "Press Ctrl-C again to exit") in its place while one shows. */
import { Text } from "ink";
import { renderStatusLine } from "../renderStatusLine.ts";
import type { Style } from "../style.ts";
import type { StatusView } from "../terminalState.ts";

export function StatusLineView({ status, hint, width, style }: { status: StatusView; hint?: string; width: number; style: Style }) {
  return <Text>{hint !== undefined ? style.color("warning", hint) : renderStatusLine(status, width, style)}</Text>;
}
