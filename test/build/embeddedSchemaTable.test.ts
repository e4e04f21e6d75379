/**
 * The schema table a binary embeds: the same JSON text the leak check reads, and for each tool
 * where its schema lies in it, so a start parses only the schema it needs.
 */
import { expect, test } from "bun:test";
import { loadFlavors } from "../../scripts/build/flavors.ts";
import { embeddedSchemaTable, flavorToolSchemas } from "../../scripts/build/toolSchemas.ts";
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
