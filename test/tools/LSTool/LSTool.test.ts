import { afterEach, describe, expect, test } from "bun:test";
import { mkdirSync, utimesSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { GlobTool } from "../../../src/tools/GlobTool/GlobTool.ts";
import { LSTool } from "../../../src/tools/LSTool/LSTool.ts";
import { createTemporaryFolder } from "../../helpers/temporaryFolder.ts";
import { callTool } from "../../helpers/testSession.ts";
import { createToolFixture, type ToolFixture } from "../../helpers/toolFixture.ts";

let fixture: ToolFixture;
afterEach(async () => {
  await fixture?.remove();
});

async function setUp(): Promise<ToolFixture> {
  fixture = await createToolFixture();
  let time = 1_700_000_000;
  for (const name of [".git/HEAD", ".gitignore", "src/a.ts", "src/b.ts", "src/gen/skip.ts", "README.md", ".env", "notes.log", "node_modules/x/index.js"]) {
    const path = join(fixture.folder.path, name);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, name === ".gitignore" ? "gen/\nnode_modules\n" : "x\n");
    utimesSync(path, (time += 10), time);
  }
  return fixture;
}

describe("LS", () => {
  test("lists a tree, without hidden or ignored entries, and with the ignore globs", async () => {
    const { folder, context } = await setUp();
    const result = await callTool(context, "LS", { path: folder.path });
    expect(result.text).toBe(`- ${folder.path}/\n  - README.md\n  - notes.log\n  - src/\n    - a.ts\n    - b.ts`);
    const filtered = await callTool(context, "LS", { path: folder.path, ignore: ["*.log", "src"] });
    expect(filtered.text).toBe(`- ${folder.path}/\n  - README.md`);
  });

  test("empty folders are listed; an empty folder says it is empty", async () => {
    const { folder, context } = await setUp();
    mkdirSync(join(folder.path, "empty", "deeper"), { recursive: true });
    const result = await callTool(context, "LS", { path: folder.path });
    expect(result.text).toContain("\n  - empty/\n    - deeper/\n");
    expect((await callTool(context, "LS", { path: join(folder.path, "empty", "deeper") })).text).toContain("is empty");
  });

  test("errors: relative path, a file, a missing folder", async () => {
    const { folder, context } = await setUp();
    expect((await callTool(context, "LS", { path: "src" })).text).toContain("must be an absolute path");
    expect((await callTool(context, "LS", { path: join(folder.path, "README.md") })).text).toContain("is a file");
    expect((await callTool(context, "LS", { path: join(folder.path, "nope") })).text).toContain("does not exist");
  });

  test("read-only: allowed inside, asked (so denied here) outside the working folders", async () => {
    const { context } = await setUp();
    const outside = createTemporaryFolder();
    try {
      expect((await callTool(context, "LS", { path: outside.path })).stage).toBe("permission");
    } finally {
      outside.remove();
    }
    expect(LSTool.isReadOnly({ path: "/" })).toBe(true);
    expect(LSTool.isConcurrencySafe({ path: "/" })).toBe(true);
  });
});

describe("Glob", () => {
  test("newest first, skipping .gitignore'd and hidden files unless the pattern names them", async () => {
    const { folder, context } = await setUp();
    const result = await callTool(context, "Glob", { pattern: "**/*.ts" });
    expect(result.text).toBe(`${join(folder.path, "src/b.ts")}\n${join(folder.path, "src/a.ts")}`);
    expect((await callTool(context, "Glob", { pattern: ".env" })).text).toBe(join(folder.path, ".env"));
    expect((await callTool(context, "Glob", { pattern: "**/*.js" })).text).toBe("No files found");
  });

  test("errors: a bad path; read-only and concurrency-safe", async () => {
    const { folder, context } = await setUp();
    expect((await callTool(context, "Glob", { pattern: "*", path: join(folder.path, "nope") })).stage).toBe("validation");
    expect(GlobTool.isReadOnly({ pattern: "*" })).toBe(true);
    expect(GlobTool.isConcurrencySafe({ pattern: "*" })).toBe(true);
  });
});
