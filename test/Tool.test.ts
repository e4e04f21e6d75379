import { describe, expect, expectTypeOf, test } from "bun:test";
import { z } from "zod";
import { buildTool, hasTag, type Tool, type ToolInput } from "../src/Tool.ts";
import { createTestContext } from "./helpers/testSession.ts";

const schema = z.strictObject({ path: z.string(), depth: z.number().int().optional() });

const definition = {
  name: "Minimal",
  inputSchema: schema,
  maxResultSizeChars: 1000,
  async description() {
    return "d";
  },
  async prompt() {
    return "p";
  },
  async call(input: z.infer<typeof schema>) {
    return { data: input.path.length + (input.depth ?? 0) };
  },
  mapToolResultToToolResultBlockParam(output: number, toolUseId: string) {
    return { type: "tool_result" as const, tool_use_id: toolUseId, content: String(output) };
  },
};
const minimal = buildTool(definition);

describe("buildTool defaults fail closed", () => {
  test("enabled, not concurrency-safe, not read-only, not destructive", () => {
    const input = { path: "/x" };
    expect(minimal.isEnabled()).toBe(true);
    expect(minimal.isConcurrencySafe(input)).toBe(false);
    expect(minimal.isReadOnly(input)).toBe(false);
    expect(minimal.isDestructive(input)).toBe(false);
    expect(minimal.interruptBehavior()).toBe("block");
  });

  test("checkPermissions defers to the general engine", async () => {
    const context = await createTestContext({ tools: [minimal], cwd: "/tmp" });
    expect(await minimal.checkPermissions({ path: "/x" }, context)).toEqual({ behavior: "passthrough" });
  });

  test("declares no subjects and no tags: the call as a whole is judged, and no pool filter keeps it", () => {
    expect(minimal.permissionSubjects({ path: "/x" })).toEqual([]);
    expect(minimal.tags).toEqual([]);
    expect(hasTag(minimal, "simple")).toBe(false);
    expect(minimal.ruleFamily).toBeUndefined();
  });

  test("description and prompt may be plain text; they become the same async functions", async () => {
    const plain = buildTool({ ...definition, name: "Plain", description: "what one call does", prompt: "what the model reads" });
    expect(await plain.description({ path: "/x" }, { isNonInteractive: true })).toBe("what one call does");
    expect(await plain.prompt({ tools: [] })).toBe("what the model reads");
    expect(await minimal.prompt({ tools: [] })).toBe("p");
  });

  test("user-facing name is the name, and the terminal renderer shows the result text", () => {
    expect(minimal.userFacingName(undefined)).toBe("Minimal");
    expect(minimal.renderResultForTerminal(42)).toBe("42");
  });

  test("a definition's own members win over the defaults", () => {
    const safe = buildTool({ ...definition, name: "Safe", isConcurrencySafe: (input) => input.path.startsWith("/"), isReadOnly: () => true });
    expect(safe.isConcurrencySafe({ path: "/a" })).toBe(true);
    expect(safe.isConcurrencySafe({ path: "a" })).toBe(false);
    expect(safe.isReadOnly({ path: "a" })).toBe(true);
    expect(safe.userFacingName(undefined)).toBe("Safe");
  });
});

describe("types infer each tool's input from its schema", () => {
  test("call, isReadOnly and permissionSubjects see the schema's output type", () => {
    expectTypeOf(minimal).toMatchTypeOf<Tool<typeof schema, number>>();
    expectTypeOf<ToolInput<typeof schema>>().toEqualTypeOf<{ path: string; depth?: number | undefined }>();
    expectTypeOf<Parameters<typeof minimal.call>[0]>().toEqualTypeOf<{ path: string; depth?: number | undefined }>();
    buildTool({
      name: "Typed",
      inputSchema: schema,
      maxResultSizeChars: 10,
      async description() {
        return "";
      },
      async prompt() {
        return "";
      },
      permissionSubjects(input) {
        expectTypeOf(input.path).toBeString();
        // @ts-expect-error: the schema has no such field
        input.missing;
        return [{ kind: "path", path: input.path, access: "read" }];
      },
      async call(input) {
        expectTypeOf(input.depth).toEqualTypeOf<number | undefined>();
        return { data: "text" };
      },
      mapToolResultToToolResultBlockParam(output, toolUseId) {
        expectTypeOf(output).toBeString();
        return { type: "tool_result", tool_use_id: toolUseId, content: output };
      },
    });
  });
});
