/**
 * Checks values against a server's JSON Schema with the validator the MCP SDK itself uses (AJV),
 * so a model's bad input gets a clear message before anything is sent. Each server's tool listing
 * compiles in an Ajv of its own (see lazyJsonSchemaValidator.ts).
 */
import type { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import type { JsonSchemaType } from "@modelcontextprotocol/sdk/validation/types.js";
import type { AjvProvider } from "./lazyJsonSchemaValidator.ts";

/** The outcome of one check; the message names what is wrong in the value, as AJV says it. */
export type SchemaCheckResult = { valid: true } | { valid: false; message: string };
export type SchemaCheck = (value: unknown) => SchemaCheckResult;

/**
 * A check for `schema`, or undefined when AJV cannot compile it (a server's odd schema must not
 * make its tool unusable: the server checks its own input anyway). The `$schema` line is left
 * out, since the SDK's AJV knows only draft-07 by that name and the keywords are what matter.
 */
export async function compileSchemaCheck(schema: { [key: string]: unknown }, ajv: AjvProvider): Promise<SchemaCheck | undefined> {
  const { $schema: _draft, ...rest } = schema;
  const validator = await ajv();
  let check: ReturnType<AjvJsonSchemaValidator["getValidator"]>;
  try {
    // A plain object from a checked MCP message; AJV takes any schema object.
    check = validator.getValidator(rest as JsonSchemaType);
  } catch {
    return undefined;
  }
  return (value) => {
    const result = check(value);
    return result.valid ? { valid: true } : { valid: false, message: result.errorMessage.replace(/\bdata\b/g, "input") };
  };
}
