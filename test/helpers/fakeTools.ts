/** Small real tools for pipeline and registry tests, each built through buildTool. */
import { z } from "zod";
import { buildTool, type AnyTool, type ToolResult } from "../../src/Tool.ts";

/** Makes a tool named `name` whose call is `call`, with the given capability flags. */
export function makeTool(options: {
  name: string;
  aliases?: string[];
  concurrencySafe?: boolean;
  readOnly?: boolean;
  enabled?: boolean;
  isMcp?: boolean;
  maxResultSizeChars?: number;
  call?: (input: { text?: string; count?: number; flag?: boolean }, signal: AbortSignal) => Promise<ToolResult<string>>;
}): AnyTool {
  return buildTool({
    name: options.name,
    aliases: options.aliases,
    isMcp: options.isMcp,
    inputSchema: z.strictObject({
      text: z.string().optional(),
      count: z.number().int().optional(),
      flag: z.boolean().optional(),
    }),
    maxResultSizeChars: options.maxResultSizeChars ?? 100_000,
    isConcurrencySafe: () => options.concurrencySafe ?? false,
    isReadOnly: () => options.readOnly ?? false,
    isEnabled: () => options.enabled ?? true,
    async description() {
      return `${options.name} test tool`;
    },
    async prompt() {
      return `${options.name} test tool`;
    },
    async call(input, context) {
      if (options.call) return options.call(input, context.abortController.signal);
      return { data: `${options.name}:${input.text ?? ""}` };
    },
    mapToolResultToToolResultBlockParam(output: string, toolUseId) {
      return { type: "tool_result", tool_use_id: toolUseId, content: output };
    },
  });
}

/** A promise whose settling the test controls. */
export interface Deferred<T> {
  promise: Promise<T>;
  resolve(value: T): void;
  reject(error: unknown): void;
}

export function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((done, fail) => {
    resolve = done;
    reject = fail;
  });
  return { promise, resolve, reject };
}
