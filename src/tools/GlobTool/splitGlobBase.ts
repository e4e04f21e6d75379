/** Splits a glob into the literal folder it starts from and the pattern below that folder. */
import { isAbsolute, join, resolve } from "node:path";

const GLOB_CHARACTERS = /[*?[\]{}!]/;

/**
 * For "/srv/app/**\/*.ts" gives { base: "/srv/app", pattern: "**\/*.ts" }; a relative pattern's
 * literal folders are taken from `folder` ("src/*.ts" in /app gives /app/src and "*.ts").
 */
export function splitGlobBase(pattern: string, folder: string): { base: string; pattern: string } {
  const { literal, rest } = splitLiteral(pattern);
  return { base: resolve(isAbsolute(pattern) ? "/" : folder, ...literal), pattern: rest };
}

/** Characters that make a pattern more than segments of `*`, `?` and literal names. */
const BEYOND_PLAIN = /[!{}[\]()\\]/;

/**
 * A glob every name the pattern matches matches too (its last segment), for a listing to filter
 * by; undefined when there is none worth having or the pattern is not plain enough to tell.
 */
export function lastNameGlob(pattern: string): string | undefined {
  if (BEYOND_PLAIN.test(pattern)) return undefined;
  const last = pattern.slice(pattern.lastIndexOf("/") + 1);
  return last.includes("**") || /^\**$/.test(last) ? undefined : last;
}

/** The literal folders a relative pattern starts with ("secrets/*.key" gives "secrets"; "**\/*.ts" gives ""). */
export function literalPrefix(pattern: string): string {
  return splitLiteral(pattern).literal.join("/");
}

/** The segments before the first one with a glob character (the last segment is never literal), and the rest. */
function splitLiteral(pattern: string): { literal: string[]; rest: string } {
  const segments = pattern.split("/");
  const literal: string[] = [];
  while (segments.length > 1 && !GLOB_CHARACTERS.test(segments[0] as string)) literal.push(segments.shift() as string);
  return { literal, rest: segments.join("/") };
}
