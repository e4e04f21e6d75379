/** A tools/list page read by hand: good definitions kept, odd ones left out with the reason. */
import { expect, test } from "bun:test";
import { readToolPage } from "../../../src/mcp/client/toolDefinitions.ts";

test("good definitions are kept with what toolshed reads; malformed ones are left out, each with why", () => {
  const page = readToolPage({
    tools: [
      { name: "echo", title: "Echo", description: "Echoes.", inputSchema: { type: "object", properties: { text: { type: "string" } } }, annotations: { readOnlyHint: true, destructiveHint: "no", title: 5 }, execution: { taskSupport: "optional" }, icons: [] },
      { name: "bare", inputSchema: { type: "object" }, outputSchema: { type: "object", properties: {} } },
      { name: "no_schema" },
      { name: "array_schema", inputSchema: { type: "array" } },
      { name: "odd_properties", inputSchema: { type: "object", properties: "nonsense" } },
      { name: "odd_property", inputSchema: { type: "object", properties: { a: 3 } } },
      { name: "odd_required", inputSchema: { type: "object", required: "x" } },
      { name: "boolean_property", inputSchema: { type: "object", properties: { anything: true }, required: ["anything"] } },
      { name: "bad_output", inputSchema: { type: "object" }, outputSchema: "text" },
      { inputSchema: { type: "object" } },
      "just text",
    ],
    nextCursor: "page-2",
  });
  expect(page.tools).toEqual([
    { name: "echo", title: "Echo", description: "Echoes.", inputSchema: { type: "object", properties: { text: { type: "string" } } }, outputSchema: undefined, annotations: { readOnlyHint: true }, execution: { taskSupport: "optional" } },
    { name: "bare", title: undefined, description: undefined, inputSchema: { type: "object" }, outputSchema: { type: "object", properties: {} }, annotations: undefined, execution: undefined },
    { name: "boolean_property", title: undefined, description: undefined, inputSchema: { type: "object", properties: { anything: true }, required: ["anything"] }, outputSchema: undefined, annotations: undefined, execution: undefined },
  ]);
  expect(page.rejected).toEqual([
    '"no_schema", whose "inputSchema" is not an object schema ({"type": "object", "properties": {...}, "required": [...]})',
    '"array_schema", whose "inputSchema" is not an object schema ({"type": "object", "properties": {...}, "required": [...]})',
    '"odd_properties", whose "inputSchema" is not an object schema ({"type": "object", "properties": {...}, "required": [...]})',
    '"odd_property", whose "inputSchema" is not an object schema ({"type": "object", "properties": {...}, "required": [...]})',
    '"odd_required", whose "inputSchema" is not an object schema ({"type": "object", "properties": {...}, "required": [...]})',
    '"bad_output", whose "outputSchema" is not an object schema',
    'a tool without a "name"',
    "a tool that is not an object",
  ]);
  expect(page.nextCursor).toBe("page-2");
});

test("a page without a tools array is refused; a cursor that is not text ends the listing", () => {
  expect(() => readToolPage({ tool: [] })).toThrow('the server\'s tools/list result has no "tools" array');
  expect(readToolPage({ tools: [], nextCursor: 3 }).nextCursor).toBeUndefined();
});
