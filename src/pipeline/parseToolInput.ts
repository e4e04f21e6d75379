/**
 * A tool's input, checked: string slips coerced (coerceInput.ts), then checked against the JSON
 * Schema where that says all Zod would (acceptByJSONSchema.ts), else parsed by the tool's Zod
 * schema. Every caller that checks a tool's input comes here, so all judge it alike.
 */
import { z } from "../schema/zod.ts";
import type { $ZodError } from "zod/v4/core";
import type { AnyTool, ToolInputJSONSchema } from "../Tool.ts";
import { acceptByJSONSchema } from "./acceptByJSONSchema.ts";
import { coerceInput } from "./coerceInput.ts";
import { exactInputJSONSchema, toolInputJSONSchema } from "./toolInputJSONSchema.ts";

export type ParsedToolInput =
  | { success: true; data: { [key: string]: unknown } }
  /** What was checked (after coercion) and against which schema, for the error message. */
  | { success: false; error: $ZodError; checked: unknown; schema: ToolInputJSONSchema };

/** Checks `input` for `tool`; a failure carries Zod's error. */
export function parseToolInput(tool: AnyTool, input: unknown): ParsedToolInput {
  const schema = toolInputJSONSchema(tool);
  const coerced = coerceInput(input, schema);
  const exact = exactInputJSONSchema(tool);
  const accepted = exact === undefined ? undefined : acceptByJSONSchema(coerced, exact);
  if (accepted !== undefined) return { success: true, data: accepted.value };
  const parsed = z.safeParse(tool.inputSchema, coerced);
  if (parsed.success) return { success: true, data: parsed.data };
  return { success: false, error: parsed.error, checked: coerced, schema };
}
