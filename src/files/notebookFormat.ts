/** The parts of the Jupyter notebook format (nbformat 4) that Read and NotebookEdit use. */
import type * as Z from "zod/mini";
import { z } from "../schema/zod.ts";
import { lazy } from "../lazy.ts";
import { ToolError } from "../errors/ToolError.ts";

const source = () => z.union([z.string(), z.array(z.string())]);

const output = () => z.looseObject({
  output_type: z.string(),
  text: z.optional(source()),
  name: z.optional(z.string()),
  data: z.optional(z.record(z.string(), z.unknown())),
  ename: z.optional(z.string()),
  evalue: z.optional(z.string()),
  traceback: z.optional(z.array(z.string())),
});

const cell = () => z.looseObject({
  cell_type: z.string(),
  id: z.optional(z.string()),
  source: source(),
  outputs: z.optional(z.array(output())),
  execution_count: z.optional(z.nullable(z.number())),
  metadata: z.optional(z.record(z.string(), z.unknown())),
});

/** The schema, built on first use. */
export const notebookSchema = lazy(() => z.looseObject({
  cells: z.array(cell()),
  nbformat: z.optional(z.number()),
  nbformat_minor: z.optional(z.number()),
  metadata: z.optional(z.record(z.string(), z.unknown())),
}));

export type Notebook = Z.infer<ReturnType<typeof notebookSchema>>;
export type NotebookCell = Z.infer<ReturnType<typeof cell>>;
export type NotebookOutput = Z.infer<ReturnType<typeof output>>;

/** Source text as one string, whether the file stores a string or a list of lines. */
export function joinSource(value: string | string[] | undefined): string {
  if (value === undefined) return "";
  return typeof value === "string" ? value : value.join("");
}

/** The id a cell is addressed by: its own id, or `cell-<index>` for notebooks without ids. */
export function cellId(cell: NotebookCell, index: number): string {
  return cell.id ?? `cell-${index}`;
}

/** Keys the schema checks as numbers: their values stay numbers, whatever their spelling. */
const NUMBER_KEYS = new Set(["nbformat", "nbformat_minor", "execution_count"]);

/**
 * Parses notebook JSON, with a clear error for anything that is not a notebook. The parsed value
 * itself is returned once it passes the check (the schema only checks, it changes nothing), so a
 * rewrite keeps every key where the file had it: untouched cells are written back as they were.
 * With `keepNumbers`, a number JSON would write differently (`1.0`, `1e3`, an integer past 2^53,
 * `1e400`) is kept as its own text, so a rewrite neither rounds nor respells it.
 */
export function parseNotebook(text: string, filePath: string, options: { keepNumbers?: boolean } = {}): Notebook {
  let value: unknown;
  const keep = options.keepNumbers === true
    ? (key: string, parsed: unknown, context?: { source?: string }) =>
      typeof parsed === "number" && context?.source !== undefined && !NUMBER_KEYS.has(key) && context.source !== JSON.stringify(parsed)
        ? (JSON as unknown as { rawJSON(text: string): unknown }).rawJSON(context.source)
        : parsed
    : undefined;
  try {
    value = JSON.parse(text, keep as Parameters<typeof JSON.parse>[1]);
  } catch (error) {
    throw new ToolError(`${filePath} is not valid JSON, so it cannot be read as a notebook: ${(error as Error).message}`);
  }
  const parsed = notebookSchema().safeParse(value);
  if (!parsed.success) throw new ToolError(`${filePath} is not a Jupyter notebook: it needs a "cells" list of cells with cell_type and source.`);
  return value as Notebook;
}
