/**
 * A Markdown table for the terminal: columns as wide as their widest cell, narrowed in proportion
 * (cells wrapped) when the table is wider than the screen, and shown as one "header: value" block
 * per row when even that does not fit.
 */
import type { Token, Tokens } from "marked";
import stringWidth from "string-width";
import wrapAnsi from "wrap-ansi";
import type { Style } from "../style.ts";

/** Narrower than this, a column is not worth keeping: the table is shown row by row instead. */
const MIN_COLUMN_WIDTH = 4;
const SEPARATOR = " │ ";

function pad(text: string, width: number, align: Tokens.TableCell["align"]): string {
  const room = Math.max(0, width - stringWidth(text));
  if (align === "right") return `${" ".repeat(room)}${text}`;
  if (align === "center") return `${" ".repeat(Math.floor(room / 2))}${text}${" ".repeat(Math.ceil(room / 2))}`;
  return `${text}${" ".repeat(room)}`;
}

/** Widths that fit `available`: wide columns give up room first, none below the minimum. */
function fitWidths(natural: readonly number[], available: number): number[] | undefined {
  if (natural.length * MIN_COLUMN_WIDTH > available) return undefined;
  const total = natural.reduce((sum, width) => sum + width, 0);
  if (total <= available) return [...natural];
  const widths = natural.map((width) => Math.max(MIN_COLUMN_WIDTH, Math.floor((width / total) * available)));
  let over = widths.reduce((sum, width) => sum + width, 0) - available;
  while (over > 0) {
    const widest = widths.indexOf(Math.max(...widths));
    if ((widths[widest] as number) <= MIN_COLUMN_WIDTH) break;
    widths[widest] = (widths[widest] as number) - 1;
    over--;
  }
  return widths;
}

/** The table's lines, at most `width` columns wide. */
export function renderTable(token: Tokens.Table, width: number, style: Style, inline: (tokens: Token[]) => string): string[] {
  const header = token.header.map((cell) => style.bold(inline(cell.tokens)));
  const rows = token.rows.map((row) => row.map((cell) => inline(cell.tokens)));
  const columns = header.length;
  const natural = header.map((cell, column) => Math.max(stringWidth(cell), ...rows.map((row) => stringWidth(row[column] ?? "")), 1));
  const widths = fitWidths(natural, width - SEPARATOR.length * (columns - 1));
  if (widths === undefined) {
    // Too many columns for the screen: one block per row.
    return rows.flatMap((row, index) => [
      ...(index > 0 ? [""] : []),
      ...row.flatMap((cell, column) => wrapAnsi(`${header[column] ?? ""}: ${cell}`, width, { hard: true }).split("\n")),
    ]);
  }
  const line = (cells: readonly string[]) => {
    const wrapped = cells.map((cell, column) => wrapAnsi(cell, widths[column] as number, { hard: true }).split("\n"));
    const height = Math.max(...wrapped.map((parts) => parts.length));
    return Array.from({ length: height }, (_, index) =>
      wrapped.map((parts, column) => pad(parts[index] ?? "", widths[column] as number, token.align[column] ?? null)).join(SEPARATOR).trimEnd());
  };
  const rule = style.dim(widths.map((columnWidth) => "─".repeat(columnWidth)).join("─┼─"));
  return [...line(header), rule, ...rows.flatMap((row) => line(row))];
}
