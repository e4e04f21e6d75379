/**
 * The leak check: a flavor must carry no trace of a gated tool whose gate it leaves off. Three
 * kinds of evidence: a gated module among the bundle's inputs, a distinctive sentence of the
 * tool in any JavaScript chunk or in the compiled binary, and the tool in the binary's listing.
 */
import type { Chunk } from "./bundleFlavor.ts";
import type { GatedTool } from "./gatedTools.ts";

/** One piece of evidence that a gated tool is in a flavor it should be absent from. */
export interface Leak {
  tool: string;
  /** Where it was found: "bundle inputs", "chunk <file>", "binary <target>", "tools --json <target>". */
  where: string;
  evidence: string;
}

/** What the leak check looks at for one flavor. */
export interface LeakCheckInput {
  /** The tools this flavor must not contain. */
  excluded: readonly GatedTool[];
  /** Every bundle input path (relative to the root), from every metafile of the flavor. */
  inputs: readonly string[];
  chunks: readonly Chunk[];
  /** What each binary that ran listed, by target. */
  listings: ReadonlyArray<{ target: string; tools: readonly string[] }>;
}

/** The ways a sentence can be spelled inside a JavaScript string or template literal. */
export function spellings(text: string): string[] {
  const json = JSON.stringify(text).slice(1, -1);
  const template = text.replaceAll("\\", "\\\\").replaceAll("`", "\\`").replaceAll("${", "\\${");
  const single = text.replaceAll("\\", "\\\\").replaceAll("'", "\\'");
  return [...new Set([text, json, template, single])];
}

/** Byte patterns for a sentence in a binary: UTF-8 (Latin-1) and UTF-16 strings. */
function bytePatterns(text: string): Buffer[] {
  return spellings(text).flatMap((spelling) => [Buffer.from(spelling, "utf8"), Buffer.from(spelling, "utf16le")]);
}

function excerpt(text: string): string {
  return text.length > 70 ? `"${text.slice(0, 67)}..."` : `"${text}"`;
}

/** Leaks among the inputs, the chunks and the listings; an empty list means they are clean. */
export function findLeaks(input: LeakCheckInput): Leak[] {
  const leaks: Leak[] = [];
  for (const tool of input.excluded) {
    const modules = input.inputs.filter((path) => tool.modules.some((prefix) => path.startsWith(prefix)));
    if (modules.length > 0) leaks.push({ tool: tool.name, where: "bundle inputs", evidence: modules.join(", ") });
    for (const chunk of input.chunks) {
      const found = tool.texts.find((text) => spellings(text).some((spelling) => chunk.text.includes(spelling)));
      if (found !== undefined) leaks.push({ tool: tool.name, where: `chunk ${chunk.path}`, evidence: excerpt(found) });
    }
    for (const listing of input.listings) {
      if (listing.tools.includes(tool.name)) leaks.push({ tool: tool.name, where: `tools --json ${listing.target}`, evidence: `lists ${tool.name}` });
    }
  }
  return leaks;
}

/** Sentences per tool looked for in a binary: the description and the longest prompt line
 *  (a whole binary is scanned once per pattern, so fewer patterns keep the audit quick). */
export const BINARY_TEXTS_PER_TOOL = 2;

/** Leaks in one compiled binary: a distinctive sentence of an excluded tool, in any spelling. */
export function findLeaksInBinary(excluded: readonly GatedTool[], target: string, bytes: Buffer): Leak[] {
  const leaks: Leak[] = [];
  for (const tool of excluded) {
    const found = tool.texts.slice(0, BINARY_TEXTS_PER_TOOL).find((text) => bytePatterns(text).some((pattern) => bytes.includes(pattern)));
    if (found !== undefined) leaks.push({ tool: tool.name, where: `binary ${target}`, evidence: excerpt(found) });
  }
  return leaks;
}

/** The tools named by a list of leaks, each once, in order. */
export function leakedToolNames(leaks: readonly Leak[]): string[] {
  return [...new Set(leaks.map((leak) => leak.tool))];
}
