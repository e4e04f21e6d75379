/**
 * zod/mini for toolshed's own schemas, loaded on first use: `z.string()` and the rest work as
 * the package's own, but a start that builds no schema (`toolshed run Read`, whose input is
 * checked by its embedded JSON Schema) never evaluates Zod's modules (about a millisecond).
 * Types come from zod/mini itself (`import type * as Z from "zod/mini"`).
 */
import type * as Parts from "./zodParts.ts";

let parts: typeof Parts | undefined;

/** Loads the parts once; require() keeps them out of the modules evaluated at start-up. */
function load(): typeof Parts {
  return (parts ??= require("./zodParts.ts") as typeof Parts);
}

export const z: typeof Parts = new Proxy({} as typeof Parts, {
  get: (_target, key) => load()[key as keyof typeof Parts],
  has: (_target, key) => key in load(),
  ownKeys: () => Reflect.ownKeys(load()),
  getOwnPropertyDescriptor: (_target, key) => {
    const descriptor = Reflect.getOwnPropertyDescriptor(load(), key);
    // A proxy may not report a property its target lacks as non-configurable.
    return descriptor === undefined ? undefined : { ...descriptor, configurable: true };
  },
});
