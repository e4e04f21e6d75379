import { afterEach, describe, expect, test } from "bun:test";
import { hasTag } from "../src/Tool.ts";
import { createPermissionContext, type PermissionRule, type ToolPermissionContext } from "../src/permissions/types.ts";
import { assembleToolPool, filterTools, findToolByName, getAllBaseTools, getRuleFamilies, getTools } from "../src/tools.ts";
import { fakeTool } from "./helpers/fakeTool.ts";

const emptyPermissionContext = () => createPermissionContext({ families: getRuleFamilies() });

function withRules(...rules: Array<Omit<PermissionRule, "source">>): ToolPermissionContext {
  return { ...emptyPermissionContext(), rules: rules.map((rule) => ({ ...rule, source: "userSettings" as const })) };
}

const names = (tools: ReadonlyArray<{ name: string }>) => tools.map((tool) => tool.name);

afterEach(() => {
  delete process.env.TOOLSHED_SIMPLE;
});

describe("getAllBaseTools", () => {
  test("lists every built-in tool once, with unique names", () => {
    const all = names(getAllBaseTools());
    expect(all).toContain("Read");
    expect(all).toContain("Glob");
    expect(new Set(all).size).toBe(all.length);
  });
});

describe("getTools", () => {
  test("drops a tool named by a whole-tool deny rule, but not by a deny with a specifier", () => {
    expect(names(getTools(withRules({ behavior: "deny", toolName: "Glob" })))).not.toContain("Glob");
    expect(names(getTools(withRules({ behavior: "deny", toolName: "Glob", ruleContent: "*" })))).not.toContain("Glob");
    expect(names(getTools(withRules({ behavior: "deny", toolName: "Read", ruleContent: "/secret/**" })))).toContain("Read");
    expect(names(getTools(withRules({ behavior: "allow", toolName: "Glob" })))).toContain("Glob");
  });

  test("simple mode keeps only the tools tagged simple: Bash, Read and Edit", () => {
    process.env.TOOLSHED_SIMPLE = "1";
    const kept = names(getTools(emptyPermissionContext()));
    expect([...kept].sort()).toEqual(["Bash", "Edit", "Read"]);
    process.env.TOOLSHED_SIMPLE = "0";
    expect(names(getTools(emptyPermissionContext()))).toContain("Glob");
  });
});

describe("assembleToolPool", () => {
  const mcpB = fakeTool({ name: "mcp__srv__beta", tags: ["mcp"] });
  const mcpA = fakeTool({ name: "mcp__srv__alpha", tags: ["mcp"] });
  const clash = fakeTool({ name: "Read", tags: ["mcp"] });
  const disabled = fakeTool({ name: "mcp__srv__off", tags: ["mcp"], enabled: false });

  test("built-ins sorted by name form one prefix, then MCP tools sorted by name", () => {
    const pool = assembleToolPool(emptyPermissionContext(), [mcpB, mcpA]);
    const builtIns = names(getTools(emptyPermissionContext())).sort();
    expect(names(pool)).toEqual([...builtIns, "mcp__srv__alpha", "mcp__srv__beta"]);
  });

  test("on a name clash the built-in wins", () => {
    const pool = assembleToolPool(emptyPermissionContext(), [clash, mcpA]);
    const reads = pool.filter((tool) => tool.name === "Read");
    expect(reads).toHaveLength(1);
    expect(reads[0] !== undefined && hasTag(reads[0], "mcp")).toBe(false);
  });

  test("the order is stable from call to call and independent of the MCP tools' order", () => {
    const first = names(assembleToolPool(emptyPermissionContext(), [mcpA, mcpB]));
    const second = names(assembleToolPool(emptyPermissionContext(), [mcpB, mcpA]));
    expect(second).toEqual(first);
    expect(names(assembleToolPool(emptyPermissionContext(), [mcpA, mcpB]))).toEqual(first);
  });

  test("MCP tools that are disabled or denied whole are left out", () => {
    const pool = assembleToolPool(withRules({ behavior: "deny", toolName: "mcp__srv__beta" }), [mcpA, mcpB, disabled]);
    expect(names(pool).filter((name) => name.startsWith("mcp__"))).toEqual(["mcp__srv__alpha"]);
  });
});

describe("findToolByName and filterTools", () => {
  const pool = [fakeTool({ name: "Alpha", aliases: ["A", "First"] }), fakeTool({ name: "Beta" })];

  test("finds by name and by alias; unknown names find nothing", () => {
    expect(findToolByName(pool, "Alpha")?.name).toBe("Alpha");
    expect(findToolByName(pool, "First")?.name).toBe("Alpha");
    expect(findToolByName(pool, "beta")).toBeUndefined();
    expect(findToolByName(pool, "Gamma")).toBeUndefined();
  });

  test("a tool's own name beats another tool's alias", () => {
    const shadow = [fakeTool({ name: "Old", aliases: ["New"] }), fakeTool({ name: "New" })];
    expect(findToolByName(shadow, "New")?.name).toBe("New");
  });

  test("filterTools keeps the named tools (names or aliases) in pool order", () => {
    expect(names(filterTools(pool, ["Beta", "A"]))).toEqual(["Alpha", "Beta"]);
    expect(names(filterTools(pool, ["Nope"]))).toEqual([]);
  });
});

describe("getRuleFamilies", () => {
  test("reads which tool names stand for each family off the tools' own declarations", () => {
    const families = getRuleFamilies();
    expect(families.readPaths).toEqual(["Read"]);
    expect(families.writePaths).toEqual(["Edit"]);
    expect(families.shellCommands).toEqual(["Bash"]);
    const own = getRuleFamilies([fakeTool({ name: "Peek", aliases: ["Look"], ruleFamily: "readPaths" }), fakeTool({ name: "Plain" })]);
    expect(own).toEqual({ readPaths: ["Peek", "Look"], writePaths: [], shellCommands: [], urls: [] });
  });
});
