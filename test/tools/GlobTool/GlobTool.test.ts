import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { mkdirSync, symlinkSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { GlobTool } from "../../../src/tools/GlobTool/GlobTool.ts";
import { MAX_GLOB_RESULTS } from "../../../src/tools/GlobTool/prompt.ts";
import { lastNameGlob, literalPrefix, splitGlobBase } from "../../../src/tools/GlobTool/splitGlobBase.ts";
import { createTemporaryFolder, type TemporaryFolder } from "../../helpers/temporaryFolder.ts";
import { callTool, createTestContext } from "../../helpers/testSession.ts";

let folder: TemporaryFolder;
beforeEach(() => {
  folder = createTemporaryFolder();
});
afterEach(() => folder.remove());

const context = () => createTestContext({ tools: [GlobTool], cwd: folder.path });

function touch(relative: string, secondsAgo: number): string {
  const path = join(folder.path, relative);
  mkdirSync(join(path, ".."), { recursive: true });
  writeFileSync(path, relative);
  const time = Date.now() / 1000 - secondsAgo;
  utimesSync(path, time, time);
  return path;
}

// Every behaviour holds through ripgrep's listing and through the built-in walk alike.
for (const engine of ["ripgrep", "builtin"] as const) describe(`Glob (${engine})`, () => {
  const saved = process.env.TOOLSHED_GREP_ENGINE;
  beforeEach(() => {
    if (engine === "builtin") process.env.TOOLSHED_GREP_ENGINE = "builtin";
    else delete process.env.TOOLSHED_GREP_ENGINE;
  });
  afterEach(() => {
    if (saved === undefined) delete process.env.TOOLSHED_GREP_ENGINE;
    else process.env.TOOLSHED_GREP_ENGINE = saved;
  });

  test("matches below the working folder, newest first, as absolute paths", async () => {
    const old = touch("src/old.ts", 300);
    const newest = touch("src/deep/new.ts", 10);
    const middle = touch("mid.ts", 100);
    touch("notes.md", 5);
    const { text } = await callTool(await context(), "Glob", { pattern: "**/*.ts" });
    expect(text.split("\n")).toEqual([newest, middle, old]);
  });

  test("a path narrows the search; a relative path is taken from the working folder", async () => {
    const inside = touch("src/a.ts", 10);
    touch("other/b.ts", 10);
    expect((await callTool(await context(), "Glob", { pattern: "*.ts", path: "src" })).text).toBe(inside);
    expect((await callTool(await context(), "Glob", { pattern: "*.ts", path: join(folder.path, "src") })).text).toBe(inside);
  });

  test("hidden files are skipped", async () => {
    touch(".hidden/a.ts", 10);
    touch(".b.ts", 10);
    const seen = touch("c.ts", 10);
    expect((await callTool(await context(), "Glob", { pattern: "**/*.ts" })).text).toBe(seen);
  });

  test("no match says so", async () => {
    expect((await callTool(await context(), "Glob", { pattern: "**/*.rs" })).text).toBe("No files found");
  });

  test(`stops at ${MAX_GLOB_RESULTS} paths with a note`, async () => {
    for (let index = 0; index < MAX_GLOB_RESULTS + 5; index++) touch(`f${index}.txt`, index);
    const { text } = await callTool(await context(), "Glob", { pattern: "*.txt" });
    const lines = text.split("\n");
    expect(lines.filter((line) => line.endsWith(".txt"))).toHaveLength(MAX_GLOB_RESULTS);
    expect(lines[0]).toBe(join(folder.path, "f0.txt"));
    expect(text).toContain(`(Showing the ${MAX_GLOB_RESULTS} most recently modified of ${MAX_GLOB_RESULTS + 5} matches.`);
  });

  test("a missing folder or a file as path is an error that says which", async () => {
    const missing = await callTool(await context(), "Glob", { pattern: "*", path: "nope" });
    expect(missing.stage).toBe("validation");
    expect(missing.text).toContain(`The folder ${join(folder.path, "nope")} does not exist`);
    const file = touch("file.txt", 1);
    expect((await callTool(await context(), "Glob", { pattern: "*", path: file })).text).toContain("is a file, not a folder");
  });

  test("an empty pattern is a validation error", async () => {
    const { stage } = await callTool(await context(), "Glob", { pattern: "" });
    expect(stage).toBe("validation");
  });

  test("an absolute pattern searches its own folder, and permissions judge that folder", async () => {
    const inside = touch("abs/x.ts", 10);
    expect((await callTool(await context(), "Glob", { pattern: `${folder.path}/abs/*.ts` })).text).toBe(inside);
    const denied = await callTool(await context(), "Glob", { pattern: "/etc/**/*.conf" });
    expect(denied.stage).toBe("permission");
  });

  test("a relative pattern's literal folders are the folder permissions judge: a denied folder is not listed by naming it in the pattern", async () => {
    touch("secrets/key.txt", 10);
    const inside = touch("src/a.ts", 10);
    const deny = [{ behavior: "deny" as const, toolName: "Read", ruleContent: "secrets/**", source: "projectSettings" as const, baseDirectory: folder.path }];
    const guarded = () => createTestContext({ tools: [GlobTool], cwd: folder.path, rules: deny });
    for (const pattern of ["secrets/*", "./secrets/**/*.txt"]) {
      const denied = await callTool(await guarded(), "Glob", { pattern });
      expect(denied.stage).toBe("permission");
      expect(denied.text).toContain("Read(secrets/**) denies Glob");
    }
    expect((await callTool(await guarded(), "Glob", { pattern: "*.txt", path: "." + "/secrets" })).stage).toBe("permission");
    expect((await callTool(await guarded(), "Glob", { pattern: "src/*.ts" })).text).toBe(inside);
    // Outside the working folder asks, as any read there does.
    expect((await callTool(await guarded(), "Glob", { pattern: "../*" })).stage).toBe("permission");
  });

  test("a pattern that reaches a denied folder without spelling its name lists the rest, never what the rule keeps back", async () => {
    touch("secrets/k.key", 10);
    touch("keys/public.key", 20);
    const deny = [{ behavior: "deny" as const, toolName: "Read", ruleContent: "secrets/**", source: "projectSettings" as const, baseDirectory: folder.path }];
    const guarded = () => createTestContext({ tools: [GlobTool], cwd: folder.path, rules: deny });
    for (const pattern of ["secret[s]/*", "{secrets,x}/*", "*/k.key", "**/*.key", "**/*"]) {
      const { text } = await callTool(await guarded(), "Glob", { pattern });
      expect(text).not.toContain("k.key");
      expect(text).toContain("not listed: the permission rules keep");
    }
    expect((await callTool(await guarded(), "Glob", { pattern: "**/*.key" })).text.split("\n")[0]).toBe(join(folder.path, "keys", "public.key"));
    // Without the rule, everything is listed and nothing is said.
    expect((await callTool(await context(), "Glob", { pattern: "**/*.key" })).text).toBe([join(folder.path, "secrets", "k.key"), join(folder.path, "keys", "public.key")].join("\n"));
  });

  test("a relative pattern's literal folders are where the listing starts; a folder it names that is not there matches nothing", async () => {
    const inside = touch("src/deep/a.ts", 10);
    touch("other/src/deep/b.ts", 10);
    expect((await callTool(await context(), "Glob", { pattern: "src/**/*.ts" })).text).toBe(inside);
    expect((await callTool(await context(), "Glob", { pattern: "./src/deep/*.ts" })).text).toBe(inside);
    expect((await callTool(await context(), "Glob", { pattern: "../*.ts", path: join(folder.path, "src", "deep") })).text).toBe("No files found");
    expect((await callTool(await context(), "Glob", { pattern: "../deep/*.ts", path: join(folder.path, "src", "deep") })).text).toBe(inside);
    expect((await callTool(await context(), "Glob", { pattern: "nowhere/*.ts" })).text).toBe("No files found");
  });

  test("a folder the pattern names is listed even where an ignore file skips it, as ripgrep lists a folder it is given", async () => {
    mkdirSync(join(folder.path, ".git"));
    writeFileSync(join(folder.path, ".gitignore"), "lib/\n");
    const inLib = touch("lib/x.ts", 10);
    const seen = touch("src/a.ts", 20);
    expect((await callTool(await context(), "Glob", { pattern: "lib/*.ts" })).text).toBe(inLib);
    expect((await callTool(await context(), "Glob", { pattern: "**/*.ts" })).text).toBe(seen);
  });

  test("a literal start that is a file, or not a folder at all, matches nothing", async () => {
    touch("real.ts", 10);
    expect((await callTool(await context(), "Glob", { pattern: "real.ts/sub/*" })).text).toBe("No files found");
    symlinkSync("loop", join(folder.path, "loop"));
    expect((await callTool(await context(), "Glob", { pattern: "loop/*" })).text).toBe("No files found");
  });

  test("ignore files are obeyed, and a hidden file an ignore file's !pattern keeps is listed", async () => {
    mkdirSync(join(folder.path, ".git"));
    writeFileSync(join(folder.path, ".gitignore"), "gen/\n*.d.ts\n!.eslintrc.ts\n");
    const kept = touch(".eslintrc.ts", 30);
    touch(".other.ts", 20);
    touch("gen/x.ts", 10);
    touch("types.d.ts", 10);
    const seen = touch("src/a.ts", 40);
    expect((await callTool(await context(), "Glob", { pattern: "**/*.ts" })).text).toBe([kept, seen].join("\n"));
    expect((await callTool(await context(), "Glob", { pattern: "**/*" })).text).toBe([kept, seen].join("\n"));
  });

  test("a folder reached through a symlink keeps back what a rule on the real files covers", async () => {
    const shown = touch("real/ok.ts", 10);
    touch("real/key.ts", 20);
    symlinkSync(join(folder.path, "real"), join(folder.path, "via"));
    const deny = [{ behavior: "deny" as const, toolName: "Read", ruleContent: `/${folder.path}/real/key.ts`, source: "projectSettings" as const, baseDirectory: folder.path }];
    const guarded = () => createTestContext({ tools: [GlobTool], cwd: folder.path, rules: deny });
    for (const input of [{ pattern: "*.ts", path: "via" }, { pattern: "via/*.ts" }]) {
      const { text } = await callTool(await guarded(), "Glob", input);
      expect(text).toContain(join(folder.path, "via", "ok.ts"));
      expect(text).not.toContain("key.ts");
      expect(text).toContain("1 match is not listed");
    }
    expect((await callTool(await guarded(), "Glob", { pattern: "real/*.ts" })).text.split("\n")[0]).toBe(shown);
  });

  test("Glob is read-only and concurrency-safe", () => {
    expect(GlobTool.isReadOnly({ pattern: "*" })).toBe(true);
    expect(GlobTool.isConcurrencySafe({ pattern: "*" })).toBe(true);
  });
});

describe("splitGlobBase", () => {
  test("splits an absolute pattern at the first glob segment", () => {
    expect(splitGlobBase("/srv/app/**/*.ts", "/cwd")).toEqual({ base: "/srv/app", pattern: "**/*.ts" });
    expect(splitGlobBase("/srv/app/file.ts", "/cwd")).toEqual({ base: "/srv/app", pattern: "file.ts" });
    expect(splitGlobBase("src/*.ts", "/cwd")).toEqual({ base: "/cwd/src", pattern: "*.ts" });
    expect(splitGlobBase("../lib/**/*.ts", "/cwd/app")).toEqual({ base: "/cwd/lib", pattern: "**/*.ts" });
    expect(splitGlobBase("**/*.ts", "/cwd")).toEqual({ base: "/cwd", pattern: "**/*.ts" });
    expect(splitGlobBase("/*.ts", "/cwd")).toEqual({ base: "/", pattern: "*.ts" });
  });

  test("lastNameGlob gives a glob for names only where every match's name matches it", () => {
    expect(lastNameGlob("**/*.ts")).toBe("*.ts");
    expect(lastNameGlob("src/*/index.test.ts")).toBe("index.test.ts");
    expect(lastNameGlob("a?c")).toBe("a?c");
    for (const pattern of ["**", "src/**", "*", "src/*", "!**/*.ts", "*.{ts,tsx}", "src/{a/*.ts,b.md}", "[ab].ts", "\\*.ts", "+(a).ts"]) {
      expect(lastNameGlob(pattern)).toBeUndefined();
    }
  });

  test("literalPrefix gives the folders a relative pattern names before its first glob", () => {
    expect(literalPrefix("secrets/keys/*.pem")).toBe("secrets/keys");
    expect(literalPrefix("**/*.ts")).toBe("");
    expect(literalPrefix("file.ts")).toBe("");
    expect(literalPrefix("src/{a,b}/x.ts")).toBe("src");
  });
});
