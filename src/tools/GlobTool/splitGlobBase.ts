/** Splits a glob into the literal folder it starts from and the pattern below that folder. */
import { isAbsolute, join, resolve } from "node:path";

const GLOB_CHARACTERS = /[*?[\]{}!]/;

/** For "/srv/app/**\/*.ts" gives { base: "/srv/app", pattern: "**\/*.ts" }; relative patterns keep `folder`. */
export function splitGlobBase(pattern: string, folder: string): { base: string; pattern: string } {
  if (!isAbsolute(pattern)) return { base: folder, pattern };
  const { literal, rest } = splitLiteral(pattern);
  return { base: resolve(join("/", ...literal)), pattern: rest };
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
