/**
 * The one fake tool of the test suite: a real tool built through buildTool, with whatever
 * capabilities and declarations a test needs, and a promise helper for tests that control timing.
 */
import * as z from "zod/mini";
import { buildTool, type AnyTool, type ToolCallOptions, type ToolDef, type ToolResult, type ToolTag } from "../../src/Tool.ts";
import type { DeclaredSubject, RuleFamily } from "../../src/permissions/types.ts";

/** The input every fake tool takes unless a test gives its own shape. */
export interface FakeInput {
  text?: string;
  count?: number;
  flag?: boolean;
  [key: string]: unknown;
}

const DEFAULT_SHAPE = {
  text: z.optional(z.string()),
  count: z.optional(z.int()),
  flag: z.optional(z.boolean()),
};

/** What a test says about its fake tool; everything else is a harmless default. */
export interface FakeToolOptions {
  name: string;
  aliases?: string[];
  /** The input's properties (zod/mini or classic schemas); text, count and flag by default. */
  shape?: Record<string, z.core.$ZodType>;
  concurrencySafe?: boolean | ((input: FakeInput) => boolean);
  readOnly?: boolean | ((input: FakeInput) => boolean);
  enabled?: boolean;
  tags?: ToolTag[];
  ruleFamily?: RuleFamily;
  maxResultSizeChars?: number;
  /** What each call touches, for the permission engine. */
  subjects?: (input: FakeInput) => DeclaredSubject[];
  call?: (input: FakeInput, options: ToolCallOptions) => Promise<ToolResult<unknown>>;
  /** Any other member of the definition, as given (validateInput, checkPermissions, ...). */
  extra?: Partial<ToolDef<z.core.$ZodType<FakeInput>, unknown>>;
}

function flag(value: boolean | ((input: FakeInput) => boolean) | undefined): (input: FakeInput) => boolean {
  return typeof value === "function" ? value : () => value ?? false;
}

/** A tool named `options.name` whose call returns `<name>:<text>` unless the test gives its own. */
export function fakeTool(options: FakeToolOptions): AnyTool {
  return buildTool({
    name: options.name,
    aliases: options.aliases,
    inputSchema: z.strictObject(options.shape ?? DEFAULT_SHAPE) as unknown as z.core.$ZodType<FakeInput>,
    maxResultSizeChars: options.maxResultSizeChars ?? 100_000,
    tags: options.tags ?? [],
    ruleFamily: options.ruleFamily,
    isConcurrencySafe: flag(options.concurrencySafe),
    isReadOnly: flag(options.readOnly),
    isEnabled: () => options.enabled ?? true,
    permissionSubjects: options.subjects ?? (() => []),
    description: `${options.name} test tool`,
    prompt: `${options.name} test tool`,
    async call(input, callOptions) {
      if (options.call) return options.call(input, callOptions);
      return { data: `${options.name}:${input.text ?? ""}` };
    },
    mapToolResultToToolResultBlockParam(output: unknown, toolUseId) {
      return { type: "tool_result", tool_use_id: toolUseId, content: typeof output === "string" ? output : JSON.stringify(output) };
    },
    ...options.extra,
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
