/** The parts of the Jupyter notebook format (nbformat 4) that Read and NotebookEdit use. */
import { z } from "zod";
import { ToolError } from "../../errors/ToolError.ts";

const source = z.union([z.string(), z.array(z.string())]);

const output = z.looseObject({
  output_type: z.string(),
  text: source.optional(),
  name: z.string().optional(),
  data: z.record(z.string(), z.unknown()).optional(),
  ename: z.string().optional(),
  evalue: z.string().optional(),
  traceback: z.array(z.string()).optional(),
});

const cell = z.looseObject({
  cell_type: z.string(),
  id: z.string().optional(),
  source,
  outputs: z.array(output).optional(),
  execution_count: z.number().nullable().optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
});

export const notebookSchema = z.looseObject({
  cells: z.array(cell),
  nbformat: z.number().optional(),
  nbformat_minor: z.number().optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
});

export type Notebook = z.infer<typeof notebookSchema>;
export type NotebookCell = z.infer<typeof cell>;
export type NotebookOutput = z.infer<typeof output>;

/** Source text as one string, whether the file stores a string or a list of lines. */
export function joinSource(value: string | string[] | undefined): string {
  if (value === undefined) return "";
  return typeof value === "string" ? value : value.join("");
}

/** The id a cell is addressed by: its own id, or `cell-<index>` for notebooks without ids. */
export function cellId(cell: NotebookCell, index: number): string {
  return cell.id ?? `cell-${index}`;
}

/** Parses notebook JSON, with a clear error for anything that is not a notebook. */
export function parseNotebook(text: string, filePath: string): Notebook {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new ToolError(`${filePath} is not valid JSON, so it cannot be read as a notebook: ${(error as Error).message}`);
  }
  const parsed = notebookSchema.safeParse(value);
  if (!parsed.success) throw new ToolError(`${filePath} is not a Jupyter notebook: it needs a "cells" list of cells with cell_type and source.`);
  return parsed.data;
}
