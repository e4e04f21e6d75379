/**
 * The JSON Schema validators of one server's tools: the SDK's Ajv one, loaded and made on the
 * first schema that is checked (loading Ajv and building it would otherwise cost each session
 * with servers tens of milliseconds before its first model request). One Ajv per tool listing,
 * never shared: Ajv keeps a schema under its $id, so two servers (or one that changed its tools)
 * must not meet in one.
 */
import type { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";

/** The Ajv a set of schemas is compiled in, made when first asked for. */
export type AjvProvider = () => Promise<AjvJsonSchemaValidator>;

/** A provider of a new Ajv of its own. */
export function createAjvProvider(): AjvProvider {
  let ajv: Promise<AjvJsonSchemaValidator> | undefined;
  return () => {
    ajv ??= import("@modelcontextprotocol/sdk/validation/ajv").then(({ AjvJsonSchemaValidator: Validator }) => new Validator(), (error: unknown) => {
      ajv = undefined;
      throw error;
    });
    return ajv;
  };
}
