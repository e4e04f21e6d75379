/** The model ids the installed @anthropic-ai/sdk lists in its `Model` type, read from its type declarations. */
import { readFileSync } from "node:fs";
import { join } from "node:path";

export function sdkModelIds(): string[] {
  const declarations = readFileSync(join(import.meta.dir, "../../node_modules/@anthropic-ai/sdk/resources/messages/messages.d.ts"), "utf8");
  const union = /export type Model = ([^;]+);/.exec(declarations)?.[1];
  if (union === undefined) throw new Error("the SDK's Model type was not found");
  return [...union.matchAll(/'([^']+)'/g)].flatMap((match) => (match[1] === undefined ? [] : [match[1]]));
}
