/** The leak check on made-up inputs: each kind of evidence is found, and a clean flavor stays clean. */
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { excludedTools, GATED_TOOLS, MIN_DISTINCTIVE_CHARS, schemaTexts } from "../../scripts/build/gatedTools.ts";
import { findLeaks, findLeaksInBinary, leakedToolNames, spellings } from "../../scripts/build/leakCheck.ts";
import { flavorToolSchemas } from "../../scripts/build/toolSchemas.ts";
import type { FeatureName } from "../../src/features.ts";
import { ROOT } from "./buildTestKit.ts";

const publicLike = { features: [], userType: "external" as const };
const monitor = GATED_TOOLS.find((tool) => tool.name === "Monitor");

describe("gated tool catalogue", () => {
  test("every gated tool has distinctive sentences and modules; public excludes all of them, internal none", () => {
    for (const tool of GATED_TOOLS) {
      expect(tool.texts.length).toBeGreaterThan(2);
      expect(tool.texts.every((text) => text.length >= MIN_DISTINCTIVE_CHARS)).toBe(true);
      expect(tool.modules.length).toBeGreaterThan(0);
    }
    expect(excludedTools(publicLike).map((tool) => tool.name)).toEqual(GATED_TOOLS.map((tool) => tool.name));
    expect(excludedTools({ features: ["PROACTIVE", "KAIROS", "MONITOR_TOOL", "AGENT_TRIGGERS", "AGENT_TRIGGERS_REMOTE"], userType: "internal" })).toEqual([]);
    expect(excludedTools({ features: ["KAIROS"], userType: "external" }).map((tool) => tool.name)).not.toContain("Sleep");
  });
});

describe("the catalogue follows the registry", () => {
  test("every tool src/tools.ts loads behind a gate is in the catalogue, and nothing else", () => {
    const registry = readFileSync(join(ROOT, "src", "tools.ts"), "utf8");
    const required = [...registry.matchAll(/require\("\.\/tools\/(\w+)Tool\/\1Tool\.ts"\)/g)].map((match) => match[1]);
    expect(required.sort()).toEqual(GATED_TOOLS.map((tool) => tool.name).sort());
  });
});

describe("findLeaks", () => {
  const excluded = excludedTools(publicLike);
  const text = monitor?.texts[1] ?? "";

  test("a clean flavor has no leaks", () => {
    expect(findLeaks({ excluded, inputs: ["src/main.ts", "src/tools/ReadTool/ReadTool.ts"], chunks: [{ path: "main.js", text: "console.log(1)" }], listings: [{ target: "linux-x64", tools: ["Read"] }] })).toEqual([]);
  });

  test("a gated module among the inputs, its text in a chunk (as a JSON string), and the tool in the listing", () => {
    const leaks = findLeaks({
      excluded,
      inputs: ["src/main.ts", "src/tools/MonitorTool/watchCommand.ts", "node_modules/croner/dist/croner.js"],
      chunks: [{ path: "chunk-a.js", text: `var x=${JSON.stringify(`intro\n${text}\nmore`)};` }],
      listings: [{ target: "linux-x64", tools: ["Read", "CronList"] }],
    });
    expect(leakedToolNames(leaks)).toEqual(["Monitor", "CronCreate", "CronList", "CronDelete"]);
    expect(leaks.filter((leak) => leak.tool === "Monitor").map((leak) => leak.where)).toEqual(["bundle inputs", "chunk chunk-a.js"]);
    expect(leaks.find((leak) => leak.where === "tools --json linux-x64")?.tool).toBe("CronList");
  });

  test("a tool's description in a binary, stored as UTF-8 or as UTF-16", () => {
    for (const encoding of ["utf8", "utf16le"] as const) {
      const bytes = Buffer.concat([Buffer.from("\x7fELF...."), Buffer.from(monitor?.texts[0] ?? "", encoding), Buffer.from("....")]);
      expect(findLeaksInBinary(excluded, "linux-x64", bytes).map((leak) => `${leak.tool} ${leak.where}`)).toEqual(["Monitor binary linux-x64"]);
    }
    expect(findLeaksInBinary(excluded, "linux-x64", Buffer.from("nothing to see"))).toEqual([]);
  });

  test("a sentence is found however a minifier quotes it", () => {
    const sentence = 'Say "hi" to `it` and ${x}';
    expect(spellings(sentence)).toContain('Say \\"hi\\" to `it` and ${x}');
    expect(spellings(sentence)).toContain("Say \"hi\" to \\`it\\` and \\${x}");
  });
});

describe("gated input schemas", () => {
  const internalLike = { features: ["PROACTIVE", "KAIROS", "MONITOR_TOOL", "AGENT_TRIGGERS", "AGENT_TRIGGERS_REMOTE"] as FeatureName[], userType: "internal" as const };
  // The embedded table as the build writes it: a define whose value is the JSON text of the table.
  const asDefine = (schemas: Record<string, unknown>) => `var TOOLSHED_TOOL_SCHEMAS=${JSON.stringify(JSON.stringify(schemas))};`;

  test("the public flavor's embedded table holds only ungated tools, and the leak check finds nothing in it", () => {
    const schemas = flavorToolSchemas(publicLike);
    expect(Object.keys(schemas).length).toBeGreaterThan(0);
    expect(Object.keys(schemas).filter((name) => GATED_TOOLS.some((tool) => tool.name === name))).toEqual([]);
    expect(findLeaks({ excluded: excludedTools(publicLike), inputs: [], chunks: [{ path: "main.js", text: asDefine(schemas) }], listings: [] })).toEqual([]);
  });

  test("a gated tool's schema in a flavor that leaves it off is a leak naming the tool, even one without properties", () => {
    const schemas = flavorToolSchemas(internalLike);
    expect(Object.keys(schemas)).toEqual(expect.arrayContaining(GATED_TOOLS.map((tool) => tool.name)));
    for (const gated of GATED_TOOLS) {
      const leaked = { ...flavorToolSchemas(publicLike), [gated.name]: schemas[gated.name] };
      const leaks = findLeaks({ excluded: excludedTools(publicLike), inputs: [], chunks: [{ path: "chunk-a.js", text: asDefine(leaked) }], listings: [] });
      expect(leakedToolNames(leaks)).toEqual([gated.name]);
    }
  });

  test("a gated property description is found on its own, in a template literal too", () => {
    const monitorTexts = schemaTexts(monitor?.tool ?? GATED_TOOLS[0]!.tool);
    const description = monitorTexts.find((text) => text.startsWith('"description":'));
    expect(description).toBeDefined();
    const chunk = `var s=\`{"other":{${(description ?? "").replaceAll("\\", "\\\\")}}}\`;`;
    expect(leakedToolNames(findLeaks({ excluded: excludedTools(publicLike), inputs: [], chunks: [{ path: "c.js", text: chunk }], listings: [] }))).toEqual(["Monitor"]);
  });
});
