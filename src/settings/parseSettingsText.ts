/**
 * Parses settings text: JSON syntax errors carry line, column and reason; shape errors carry the
 * key path and reason. Returns a result; never throws.
 */
import type { ParseError } from "jsonc-parser";
import { settingsKeys, settingsSchema, type Settings } from "./settingsSchema.ts";

export type SettingsParseResult = { ok: true; settings: Settings; warnings: string[] } | { ok: false; message: string };

function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const line = before.split("\n").length;
  return { line, column: offset - before.lastIndexOf("\n") };
}

const REASONS: Record<string, string> = {
  InvalidSymbol: "an unexpected character",
  InvalidNumberFormat: "a malformed number",
  PropertyNameExpected: "a property name in double quotes was expected",
  ValueExpected: "a value was expected",
  ColonExpected: "a colon was expected",
  CommaExpected: "a comma was expected",
  CloseBraceExpected: "a closing } was expected",
  CloseBracketExpected: "a closing ] was expected",
  EndOfFileExpected: "nothing more was expected",
  InvalidCommentToken: "comments are not allowed",
  UnexpectedEndOfComment: "an unfinished comment",
  UnexpectedEndOfString: "an unfinished string",
  UnexpectedEndOfNumber: "an unfinished number",
  InvalidUnicode: "a bad \\u escape",
  InvalidEscapeCharacter: "a bad escape",
  InvalidCharacter: "a character not allowed in a string",
};

/** Parses `text` from `where` (a file path or "--settings"). */
export function parseSettingsText(text: string, where: string): SettingsParseResult {
  // Loaded only when a settings file exists: most starts read none, and the parser costs start-up time.
  const { parse, printParseErrorCode } = require("jsonc-parser/lib/esm/main.js") as typeof import("jsonc-parser");
  const errors: ParseError[] = [];
  const value: unknown = parse(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  const first = errors[0];
  if (first !== undefined) {
    const { line, column } = lineAndColumn(text, first.offset);
    const code = printParseErrorCode(first.error);
    return { ok: false, message: `${where}:${line}:${column}: invalid JSON: ${REASONS[code] ?? code}` };
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return { ok: false, message: `${where}: the settings must be a JSON object` };
  }
  const checked = settingsSchema().safeParse(value);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    const path = issue?.path.length ? issue.path.join(".") : "(top level)";
    return { ok: false, message: `${where}: ${path}: ${issue?.message ?? "invalid settings"}` };
  }
  const unknown = Object.keys(value).filter((key) => !settingsKeys().includes(key));
  const warnings = unknown.map((key) => `${where}: "${key}" is not a toolshed setting; it is ignored (the settings are ${settingsKeys().join(", ")})`);
  return { ok: true, settings: checked.data, warnings };
}
