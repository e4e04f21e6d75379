/** Size budgets from the flavor files: any size over its budget fails the build. */
import type { Budgets } from "./flavors.ts";
import type { BundleSize } from "./measureBundle.ts";

/** One budget compared with what was built. */
export interface BudgetCheck {
  budget: keyof Budgets;
  /** For binaryBytes: the target whose binary was measured. */
  target?: string;
  limit: number;
  actual: number;
  ok: boolean;
}

/** Every budget the flavor sets, against the JavaScript sizes and each binary built. */
export function checkBudgets(budgets: Budgets, js: BundleSize, binaries: ReadonlyArray<{ target: string; bytes: number }>): BudgetCheck[] {
  const checks: BudgetCheck[] = [];
  const add = (budget: keyof Budgets, actual: number, target?: string) => {
    const limit = budgets[budget];
    if (limit !== undefined) checks.push({ budget, target, limit, actual, ok: actual <= limit });
  };
  add("jsBytes", js.raw);
  add("jsGzipBytes", js.gzip);
  add("jsBrotliBytes", js.brotli);
  for (const binary of binaries) add("binaryBytes", binary.bytes, binary.target);
  return checks;
}

/** One line per budget exceeded, saying by how much and where the budget lives. */
export function describeBudgetFailures(flavor: string, file: string, checks: readonly BudgetCheck[]): string[] {
  return checks
    .filter((check) => !check.ok)
    .map((check) => {
      const over = check.actual - check.limit;
      const where = check.target === undefined ? "" : ` (${check.target})`;
      return `${flavor}: ${check.budget}${where} is ${check.actual.toLocaleString("en-US")} bytes, over its budget of ${check.limit.toLocaleString("en-US")} by ${over.toLocaleString("en-US")} bytes (${((over / check.limit) * 100).toFixed(1)}%). Shrink the bundle or raise budgets.${check.budget} in ${file}.`;
    });
}
