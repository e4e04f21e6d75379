/**
 * The JSON Schema validators of one server's tools: the SDK's Ajv one, made on the first schema
 * that is checked (the SDK would otherwise build it as it connects, about 10 ms a server before
 * the first model request). One Ajv per tool listing, never shared: Ajv keeps a schema under its
 * $id, so two servers (or one that changed its tools) must not meet in one.
 */
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import type { JsonSchemaType, JsonSchemaValidator, jsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/types.js";

/** The Ajv a set of schemas is compiled in, made when first asked for. */
export type AjvProvider = () => AjvJsonSchemaValidator;

/** A provider of a new Ajv of its own. */
export function createAjvProvider(): AjvProvider {
  let ajv: AjvJsonSchemaValidator | undefined;
  return () => (ajv ??= new AjvJsonSchemaValidator());
}

/** The validator handed to the SDK's Client: compiles in whatever Ajv `current` gives when a result is first checked. */
export function lazySdkValidator(current: () => AjvProvider): jsonSchemaValidator {
  return {
    getValidator<T>(schema: JsonSchemaType): JsonSchemaValidator<T> {
      let compiled: JsonSchemaValidator<T> | undefined;
      return (input) => {
        compiled ??= current()().getValidator<T>(schema);
        return compiled(input);
      };
    },
  };
}
