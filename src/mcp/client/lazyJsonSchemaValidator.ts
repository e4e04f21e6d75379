/**
 * The validator the MCP client checks tools' structured results with: the SDK's Ajv one, made
 * on the first result it checks and shared by every connection. The SDK would otherwise build an
 * Ajv instance per connection as it connects, about 10 ms each before the first model request,
 * for servers whose tools may never return structured content.
 */
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import type { JsonSchemaType, JsonSchemaValidator, jsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/types.js";

let shared: AjvJsonSchemaValidator | undefined;

export const lazyJsonSchemaValidator: jsonSchemaValidator = {
  getValidator<T>(schema: JsonSchemaType): JsonSchemaValidator<T> {
    let compiled: JsonSchemaValidator<T> | undefined;
    return (input) => {
      compiled ??= (shared ??= new AjvJsonSchemaValidator()).getValidator<T>(schema);
      return compiled(input);
    };
  },
};
