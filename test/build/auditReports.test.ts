/** Baseline comparison, budgets, sizes per package, the treemap layout and the offline HTML page. */
import { afterEach, describe, expect, test } from "bun:test";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { FlavorAudit } from "../../scripts/build/auditFlavor.ts";
import { renderAuditHtml, renderTreemap } from "../../scripts/build/auditHtml.ts";
import { compareWithBaseline, readBaseline, updateBaseline } from "../../scripts/build/baseline.ts";
import { checkBudgets, describeBudgetFailures } from "../../scripts/build/budgets.ts";
import { packageOf, packageSizes } from "../../scripts/build/measureBundle.ts";
import { squarify } from "../../scripts/build/treemapLayout.ts";
import { createTemporaryFolder, type TemporaryFolder } from "../helpers/temporaryFolder.ts";

let folder: TemporaryFolder | undefined;
afterEach(() => folder?.remove());

const sizes = { jsBytes: 1100, jsGzipBytes: 400, jsBrotliBytes: 300, binaryBytes: { "linux-x64": 2000 } };

describe("baseline", () => {
  test("a missing baseline makes every size new; --update-baseline writes it; the next build shows bytes and percent", () => {
    folder = createTemporaryFolder();
    const file = join(folder.path, "build", "audit-baseline.json");
    const empty = readBaseline(file);
    expect(compareWithBaseline(empty, { public: sizes }).every((row) => row.baseline === null)).toBe(true);
    updateBaseline(file, empty, { public: { ...sizes, jsBytes: 1000 } });
    expect(JSON.parse(readFileSync(file, "utf8")).flavors.public.jsBytes).toBe(1000);
    const rows = compareWithBaseline(readBaseline(file), { public: sizes });
    expect(rows.find((row) => row.metric === "js raw")).toEqual({ flavor: "public", metric: "js raw", baseline: 1000, current: 1100, deltaBytes: 100, deltaPercent: 10 });
    expect(rows.find((row) => row.metric === "binary linux-x64")?.deltaBytes).toBe(0);
  });

  test("updating keeps the flavors and targets this build did not make", () => {
    folder = createTemporaryFolder();
    const file = join(folder.path, "baseline.json");
    const first = updateBaseline(file, readBaseline(file), { internal: sizes, public: sizes });
    updateBaseline(file, first, { public: { ...sizes, binaryBytes: { "darwin-arm64": 5 } } });
    const written = readBaseline(file);
    expect(Object.keys(written.flavors)).toEqual(["internal", "public"]);
    expect(written.flavors.public?.binaryBytes).toEqual({ "darwin-arm64": 5, "linux-x64": 2000 });
  });

  test("a damaged baseline is an error that says how to rebuild it", () => {
    folder = createTemporaryFolder();
    const file = join(folder.path, "baseline.json");
    writeFileSync(file, JSON.stringify({ flavors: 3 }));
    expect(() => readBaseline(file)).toThrow("--update-baseline");
  });
});

describe("budgets", () => {
  test("every budget set is checked, each binary against binaryBytes; a failure says by how much", () => {
    const checks = checkBudgets({ jsBytes: 1000, binaryBytes: 3000 }, { raw: 1100, gzip: 1, brotli: 1, chunks: 1 }, [{ target: "linux-x64", bytes: 2000 }, { target: "windows-x64", bytes: 4000 }]);
    expect(checks.map((check) => [check.budget, check.target, check.ok])).toEqual([["jsBytes", undefined, false], ["binaryBytes", "linux-x64", true], ["binaryBytes", "windows-x64", false]]);
    expect(describeBudgetFailures("public", "flags/public.json", checks)).toEqual([
      "public: jsBytes is 1,100 bytes, over its budget of 1,000 by 100 bytes (10.0%). Shrink the bundle or raise budgets.jsBytes in flags/public.json.",
      "public: binaryBytes (windows-x64) is 4,000 bytes, over its budget of 3,000 by 1,000 bytes (33.3%). Shrink the bundle or raise budgets.binaryBytes in flags/public.json.",
    ]);
  });
});

describe("sizes and treemap", () => {
  test("modules group into packages, scoped and nested ones included", () => {
    expect(packageOf("src/main.ts")).toBe("toolshed");
    expect(packageOf("node_modules/zod/v4/core/api.js")).toBe("zod");
    expect(packageOf("node_modules/@scope/pkg/index.js")).toBe("@scope/pkg");
    expect(packageOf("node_modules/a/node_modules/b/x.js")).toBe("b");
    expect(packageSizes([{ path: "src/a.ts", bytes: 5 }, { path: "node_modules/zod/a.js", bytes: 7 }, { path: "src/b.ts", bytes: 3 }]))
      .toEqual([{ name: "toolshed", bytes: 8, modules: 2 }, { name: "zod", bytes: 7, modules: 1 }]);
  });

  test("the squarified layout fills the rectangle with areas proportional to the values", () => {
    const placed = squarify([6, 6, 4, 3, 2, 2, 1].map((value, index) => ({ value, item: index })), { x: 0, y: 0, width: 6, height: 4 });
    expect(placed).toHaveLength(7);
    for (const cell of placed) {
      expect(cell.width * cell.height).toBeCloseTo(cell.value, 6);
      expect(cell.x).toBeGreaterThanOrEqual(0);
      expect(cell.x + cell.width).toBeLessThanOrEqual(6 + 1e-9);
      expect(cell.y + cell.height).toBeLessThanOrEqual(4 + 1e-9);
    }
    expect(squarify([{ value: 0, item: "none" }], { x: 0, y: 0, width: 1, height: 1 })).toEqual([]);
  });

  test("the page is self-contained: no scripts, no links out, one box per module, names escaped", () => {
    const audit = {
      flavor: "public", description: "d <b>", features: [], userType: "external", js: { raw: 10, gzip: 5, brotli: 4, chunks: 1 },
      binaries: [{ target: "linux-x64", bytes: 100 }], modules: [{ path: "src/a<b>.ts", bytes: 600 }, { path: "node_modules/zod/x.js", bytes: 400 }],
      packages: [], tools: ["Read"], toolsSource: "x", gatedToolsPresent: [], missingTools: [], leaks: [], problems: [], budgets: [],
    } as unknown as FlavorAudit;
    const svg = renderTreemap(audit);
    expect(svg.match(/class="module"/g)).toHaveLength(2);
    const page = renderAuditHtml({ commit: "abc", bunVersion: "1", flavors: [audit], differences: [], baseline: [], baselineUpdated: false });
    expect(page).not.toMatch(/<script|<link|src=|href=|https?:\/\//);
    expect(page).toContain("src/a&lt;b&gt;.ts");
    expect(page).toContain("d &lt;b&gt;");
  });
});
