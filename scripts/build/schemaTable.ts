/** The tool schema table a flavor's binary embeds (see toolSchemas.ts); imports nothing, so a compile process loads it cheaply. */

/**
 * The table as the binary embeds it: the JSON text of the whole table (what the leak check reads)
 * and, by tool name, where that tool's schema lies in the text, so a start that needs one tool's
 * schema parses that one, not the table.
 */
export function embeddedSchemaTable(schemas: Record<string, unknown>): { text: string; spans: Record<string, [number, number]> } {
  // No prototype: a tool named __proto__ is a key like any other.
  const spans: Record<string, [number, number]> = Object.create(null);
  let text = "{";
  for (const [name, schema] of Object.entries(schemas)) {
    if (text.length > 1) text += ",";
    text += `${JSON.stringify(name)}:`;
    const value = JSON.stringify(schema);
    spans[name] = [text.length, text.length + value.length];
    text += value;
  }
  return { text: `${text}}`, spans };
}
