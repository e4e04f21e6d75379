/**
 * The part of the screen that changes while a turn runs: the answer as it streams in, each call
 * still running with its latest output, a `!` command's output, and what the model is doing.
 */
import { Box, Text } from "ink";
import { renderMarkdown, wrapText } from "../markdown/renderMarkdown.ts";
import { showableStreamingText } from "../markdown/splitStableMarkdown.ts";
import { BULLET, indent, toolCallLines } from "../renderItemLines.ts";
import type { Style } from "../style.ts";
import type { TerminalState } from "../terminalState.ts";
import { printableText } from "../../text/printableText.ts";

export interface LiveAreaProps {
  state: Pick<TerminalState, "streaming" | "streamingContinues" | "tools" | "shell" | "busy" | "queued">;
  width: number;
  style: Style;
  spinner: string;
}

export function LiveArea({ state, width, style, spinner }: LiveAreaProps) {
  // What is quoted (the model's text, a command's output) shows its control characters, never obeys them.
  const shown = printableText(showableStreamingText(state.streaming));
  const streaming = shown.trim() === "" ? [] : indent(renderMarkdown(shown, width - 2, style), state.streamingContinues ? "  " : `${style.color("accent", BULLET)} `, "  ");
  return (
    <Box flexDirection="column">
      {streaming.length > 0 && (
        <Box marginTop={1}>
          <Text>{streaming.join("\n")}</Text>
        </Box>
      )}
      {state.tools.map((call) => (
        <Box key={call.id} marginTop={1}>
          <Text>{toolCallLines(call, width, style, spinner).join("\n")}</Text>
        </Box>
      ))}
      {state.shell !== undefined && (
        <Box marginTop={1}>
          <Text>
            {[`${style.color("warning", "!")} ${style.bold(printableText(state.shell.command))}`, ...indent(state.shell.output.flatMap((line) => wrapText(printableText(line), width - 4)).map((line) => style.dim(line)), "  └ ", "    ")].join("\n")}
          </Text>
        </Box>
      )}
      {state.busy !== undefined && (
        <Box marginTop={1}>
          <Text>{`${style.color("accent", spinner)} ${printableText(state.busy)}… ${style.dim("(esc to interrupt)")}`}</Text>
        </Box>
      )}
      {state.queued.map((text, index) => (
        <Text key={`queued-${index}`}>{style.dim(`  queued: ${printableText(text.split("\n")[0] ?? "")}`)}</Text>
      ))}
    </Box>
  );
}
