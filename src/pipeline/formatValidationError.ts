/** Turns a Zod failure into a message that tells the model which field is wrong and how to fix it. */
import type { $ZodError, $ZodIssue } from "zod/v4/core";
import type { ToolInputJSONSchema } from "../Tool.ts";

function describeType(property: unknown): string {
  if (typeof property !== "object" || property === null) return "a value";
  const described = property as { type?: unknown; enum?: unknown };
  if (Array.isArray(described.enum)) return `one of ${described.enum.map((v) => JSON.stringify(v)).join(", ")}`;
  if (typeof described.type === "string") return described.type === "integer" ? "a whole number" : `a ${described.type}`;
  return "a value";
}

function describeIssue(issue: $ZodIssue, schema: ToolInputJSONSchema, input: unknown): string {
  const field = issue.path.map(String).join(".");
  const properties = schema.properties ?? {};
  const where = field === "" ? "the input" : `\`${field}\``;
  if (issue.code === "unrecognized_keys") {
    const known = Object.keys(properties);
    return `unexpected parameter${issue.keys.length > 1 ? "s" : ""} ${issue.keys.map((k) => `\`${k}\``).join(", ")}; ` +
      `the parameters are: ${known.length > 0 ? known.join(", ") : "(none)"}`;
  }
  if (issue.code === "invalid_type") {
    const top = issue.path[0];
    const given = typeof input === "object" && input !== null && top !== undefined ? (input as Record<PropertyKey, unknown>)[top] : input;
    if (issue.path.length === 1 && given === undefined) {
      return `missing required parameter ${where} (${describeType(properties[String(top)])})`;
    }
    return `${where} must be ${issue.expected === "int" ? "a whole number" : `a ${issue.expected}`}, but it was ${JSON.stringify(given) ?? "undefined"}`;
  }
  return `${where}: ${issue.message}`;
}

/** One line per problem, headed by the tool's name. */
export function formatValidationError(
  toolName: string,
  error: $ZodError,
  schema: ToolInputJSONSchema,
  input: unknown,
): string {
  const lines = error.issues.map((issue) => `- ${describeIssue(issue, schema, input)}`);
  return `InputValidationError: ${toolName} was called with invalid input:\n${lines.join("\n")}\nFix the input and call ${toolName} again.`;
}
