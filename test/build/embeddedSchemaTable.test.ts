/**
 * The schema table a binary embeds: the same JSON text the leak check reads, and for each tool
 * where its schema lies in it, so a start parses only the schema it needs.
 */
import { expect, test } from "bun:test";
import { loadFlavors } from "../../scripts/build/flavors.ts";
import { embeddedSchemaTable, flavorExactSchemas, flavorToolSchemas } from "../../scripts/build/toolSchemas.ts";
import { join, resolve } from "node:path";

const ROOT = resolve(import.meta.dir, "..", "..");

test("each tool's span parses back to exactly its schema, and the text is the table's JSON", () => {
  for (const flavor of loadFlavors(join(ROOT, "flags"))) {
    const schemas = flavorToolSchemas(flavor);
    const { text, spans } = embeddedSchemaTable(schemas);
    expect(text).toBe(JSON.stringify(schemas));
    expect(Object.keys(spans)).toEqual(Object.keys(schemas));
    for (const [name, [start, end]] of Object.entries(spans)) expect(JSON.parse(text.slice(start, end))).toEqual(schemas[name]);
  }
});

test("names that need escaping and an empty table", () => {
  const schemas = { 'Quote"d': { type: "object" }, "Ünïcode\u2028": { type: "object", properties: { a: { type: "string", description: "}\"{" } } } };
  const { text, spans } = embeddedSchemaTable(schemas);
  expect(text).toBe(JSON.stringify(schemas));
  for (const [name, [start, end]] of Object.entries(spans)) expect(JSON.parse(text.slice(start, end))).toEqual(schemas[name as keyof typeof schemas]);
  expect(embeddedSchemaTable({})).toEqual({ text: "{}", spans: {} });
});

test("the tools whose input a binary checks by the embedded schema alone are the flavor's plain ones", () => {
  for (const flavor of loadFlavors(join(ROOT, "flags"))) {
    const exact = flavorExactSchemas(flavor);
    const names = Object.keys(flavorToolSchemas(flavor));
    expect(exact.every((name) => names.includes(name))).toBe(true);
    // Read and Bash are plain shapes; Edit has a default and TodoWrite trims, which only Zod applies.
    expect(exact).toEqual(expect.arrayContaining(["Read", "Bash", "Glob", "Grep"]));
    expect(exact).not.toContain("Edit");
    expect(exact).not.toContain("TodoWrite");
  }
});
