import { afterEach, describe, expect, test } from "bun:test";
import { mkdirSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { GrepTool } from "../../../src/tools/GrepTool/GrepTool.ts";
import { createTemporaryFolder } from "../../helpers/temporaryFolder.ts";
import { callTool } from "../../helpers/testSession.ts";
import { createToolFixture, type ToolFixture } from "../../helpers/toolFixture.ts";

let fixture: ToolFixture;
const previousEngine = process.env.TOOLSHED_GREP_ENGINE;
afterEach(async () => {
  await fixture?.remove();
  if (previousEngine === undefined) delete process.env.TOOLSHED_GREP_ENGINE;
  else process.env.TOOLSHED_GREP_ENGINE = previousEngine;
});

async function setUp(): Promise<ToolFixture> {
  fixture = await createToolFixture();
  writeFileSync(join(fixture.folder.path, "a.txt"), "alpha\nbeta\n");
  writeFileSync(join(fixture.folder.path, "b.md"), "beta\n");
  return fixture;
}

for (const engine of ["ripgrep", "builtin"]) {
  describe(`Grep (${engine})`, () => {
    test("lists matching files, then shows content lines", async () => {
      if (engine === "builtin") process.env.TOOLSHED_GREP_ENGINE = "builtin";
      const { folder, context } = await setUp();
      const files = await callTool(context, "Grep", { pattern: "beta" });
      expect(files.stage).toBe("done");
      expect(files.text).toStartWith("Found 2 files\n");
      const content = await callTool(context, "Grep", { pattern: "al.ha", output_mode: "content" });
      expect(content.text).toBe(`${join(folder.path, "a.txt")}:1:alpha`);
    });

    test("files come newest first, ordered by the call: the terminal's rendering later shows the same list", async () => {
      if (engine === "builtin") process.env.TOOLSHED_GREP_ENGINE = "builtin";
      const { folder, context } = await setUp();
      const [older, newer] = [join(folder.path, "a.txt"), join(folder.path, "b.md")];
      utimesSync(older, new Date(1_000_000_000_000), new Date(1_000_000_000_000));
      utimesSync(newer, new Date(1_500_000_000_000), new Date(1_500_000_000_000));
      const outcome = await callTool(context, "Grep", { pattern: "beta" });
      expect(outcome.text).toBe(`Found 2 files\n${newer}\n${older}`);
      // The older file becomes the newest after the call: what was found is still shown as found.
      utimesSync(older, new Date(), new Date());
      expect(GrepTool.renderResultForTerminal(outcome.output as never)).toBe(outcome.text);
    });

    test("an invalid pattern is an error the model can fix", async () => {
      if (engine === "builtin") process.env.TOOLSHED_GREP_ENGINE = "builtin";
      const { context } = await setUp();
      const result = await callTool(context, "Grep", { pattern: "foo(" });
      expect(result.result.is_error).toBe(true);
      expect(result.text).toMatch(/regex|regular expression|parse/i);
      const lookahead = await callTool(context, "Grep", { pattern: "foo(?=bar)" });
      expect(lookahead.result.is_error).toBe(true);
    });

    test("an unknown type is an error", async () => {
      if (engine === "builtin") process.env.TOOLSHED_GREP_ENGINE = "builtin";
      const { context } = await setUp();
      const result = await callTool(context, "Grep", { pattern: "beta", type: "no-such-type" });
      expect(result.result.is_error).toBe(true);
      expect(result.text).toContain("no-such-type");
    });
  });
}

describe("Grep input checks and permissions", () => {
  test("a missing path is a validation error", async () => {
    const { folder, context } = await setUp();
    const result = await callTool(context, "Grep", { pattern: "x", path: join(folder.path, "nope") });
    expect(result.stage).toBe("validation");
    expect(result.text).toContain("does not exist");
  });

  test("under a folder a Read deny rule covers, a missing path is denied like an existing one, not reported missing", async () => {
    fixture = await createToolFixture({ rules: [{ behavior: "deny", toolName: "Read", ruleContent: "secret/**", source: "userSettings" }] });
    mkdirSync(join(fixture.folder.path, "secret"));
    writeFileSync(join(fixture.folder.path, "secret", "key.txt"), "hunter2\n");
    for (const name of ["key.txt", "missing.txt"]) {
      const result = await callTool(fixture.context, "Grep", { pattern: "hunter", path: join(fixture.folder.path, "secret", name) });
      expect(result.stage).toBe("permission");
      expect(result.text).toBe(`Permission to use Grep was denied: Read(secret/**) denies Grep ${join(fixture.folder.path, "secret", name)}`);
    }
  });

  test("a rule naming one file by its path holds against a search of any folder above it", async () => {
    fixture = await createToolFixture({ rules: [{ behavior: "deny", toolName: "Read", ruleContent: "./config/credentials.json", source: "userSettings" }] });
    mkdirSync(join(fixture.folder.path, "config"));
    writeFileSync(join(fixture.folder.path, "config", "credentials.json"), "hunter2\n");
    for (const path of [fixture.folder.path, join(fixture.folder.path, "config")]) {
      const result = await callTool(fixture.context, "Grep", { pattern: "hunter", path, output_mode: "content" });
      expect(result.stage).toBe("permission");
      expect(result.text).not.toContain("hunter2");
      expect(result.text).toContain(`covers ${join(fixture.folder.path, "config", "credentials.json")}`);
    }
  });

  test("unknown output modes and negative limits are validation errors", async () => {
    const { context } = await setUp();
    expect((await callTool(context, "Grep", { pattern: "x", output_mode: "lines" })).stage).toBe("validation");
    expect((await callTool(context, "Grep", { pattern: "x", head_limit: -1 })).stage).toBe("validation");
  });

  test("read-only and concurrency-safe: allowed inside the working folder, asked (denied here) outside", async () => {
    const { context } = await setUp();
    const outside = createTemporaryFolder();
    try {
      writeFileSync(join(outside.path, "c.txt"), "beta\n");
      const result = await callTool(context, "Grep", { pattern: "beta", path: outside.path });
      expect(result.stage).toBe("permission");
      expect(result.text).toContain("outside the working folders");
    } finally {
      outside.remove();
    }
    const input = { pattern: "x" };
    expect(GrepTool.isReadOnly(input)).toBe(true);
    expect(GrepTool.isConcurrencySafe(input)).toBe(true);
    expect(GrepTool.isDestructive(input)).toBe(false);
  });
});
