/** Measures how deeply a value nests without recursion, so no depth can overflow the stack. */

/** True when `value` has arrays or objects nested more than `maxDepth` levels deep. */
export function exceedsDepth(value: unknown, maxDepth: number): boolean {
  if (typeof value !== "object" || value === null) return false;
  if (maxDepth < 1) return true;
  // The common case, a flat input, costs one pass and no allocation: it runs for every call.
  let flat = true;
  for (const key in value) {
    const child: unknown = (value as Record<string, unknown>)[key];
    if (typeof child === "object" && child !== null) {
      flat = false;
      break;
    }
  }
  if (flat) return false;
  const pending: Array<{ value: object; depth: number }> = [{ value, depth: 1 }];
  while (pending.length > 0) {
    const { value: current, depth } = pending.pop() as { value: object; depth: number };
    if (depth > maxDepth) return true;
    for (const child of Array.isArray(current) ? current : Object.values(current)) {
      if (typeof child === "object" && child !== null) pending.push({ value: child, depth: depth + 1 });
    }
  }
  return false;
}
