/** The input's helpers: long pastes as placeholders, `@` mentions and their files, per-project history. */
import { afterEach, describe, expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { listProjectFiles, matchFiles, mentionAtCursor, mentionedFiles } from "../../../src/terminal/input/fileMentions.ts";
import { createPastedTexts, INLINE_PASTE_CHARS } from "../../../src/terminal/input/pastedText.ts";
import { openPromptHistory } from "../../../src/terminal/input/PromptHistory.ts";
import { createTemporaryFolder, type TemporaryFolder } from "../../helpers/temporaryFolder.ts";

let folder: TemporaryFolder | undefined;
afterEach(() => {
  folder?.remove();
  folder = undefined;
});

describe("pastes", () => {
  test("a short paste goes in as it is; a long one as a placeholder that expands when sent", () => {
    const pastes = createPastedTexts();
    expect(pastes.insert("short\r\ntext")).toBe("short\ntext");
    const long = Array.from({ length: 30 }, (_, index) => `line ${index}`).join("\n");
    const placeholder = pastes.insert(long);
    expect(placeholder).toBe("[Pasted text #1 +30 lines]");
    expect(pastes.expand(`look: ${placeholder} and more`)).toBe(`look: ${long} and more`);
    expect(pastes.insert("x".repeat(INLINE_PASTE_CHARS + 1))).toBe("[Pasted text #2 +1 lines]");
  });
});

describe("@ mentions", () => {
  test("the mention at the cursor, and the best files for it", () => {
    expect(mentionAtCursor("read @src/ma", 12)).toEqual({ start: 5, query: "src/ma" });
    expect(mentionAtCursor("mail me@example.com", 19)).toBeUndefined();
    expect(mentionAtCursor("@", 1)).toEqual({ start: 0, query: "" });
    const files = ["README.md", "src/main.ts", "src/terminal/terminalCommand.ts", "test/main.test.ts"];
    expect(matchFiles(files, "src/ma")[0]).toBe("src/main.ts");
    expect(matchFiles(files, "main")[0]).toBe("src/main.ts");
    expect(matchFiles(files, "stc")).toContain("src/terminal/terminalCommand.ts");
  });

  test("the project's files leave ignored ones out; only mentions of real files are attached", () => {
    folder = createTemporaryFolder();
    mkdirSync(join(folder.path, "src"));
    mkdirSync(join(folder.path, "build"));
    mkdirSync(join(folder.path, ".git"));
    writeFileSync(join(folder.path, ".gitignore"), "build/\n");
    writeFileSync(join(folder.path, "src", "a.ts"), "a");
    writeFileSync(join(folder.path, "build", "out.js"), "b");
    expect(listProjectFiles(folder.path).sort()).toEqual(["src/a.ts"]);
    expect(mentionedFiles("see @src/a.ts, and @missing.ts and @src", folder.path).map((file) => file.mention)).toEqual(["src/a.ts"]);
  });
});

describe("history", () => {
  test("kept per project, newest last, shared by one file", () => {
    folder = createTemporaryFolder();
    const path = join(folder.path, "history.jsonl");
    const one = openPromptHistory("/project/one", path);
    one.add("first");
    one.add("second");
    one.add("second");
    openPromptHistory("/project/two", path).add("elsewhere");
    expect(openPromptHistory("/project/one", path).entries).toEqual(["first", "second"]);
    expect(openPromptHistory("/project/two", path).entries).toEqual(["elsewhere"]);
  });
});
