/**
 * @mentions become attachments as the permission engine allows: a file inside the working folder
 * is attached at once, a denied one never, and one the engine would ask about (a link leading out,
 * a file outside) only when the person says yes to the question that names why.
 */
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { attachMentions } from "../../../src/terminal/input/attachMentions.ts";
import { createTestContext } from "../../helpers/testSession.ts";
import { createTemporaryFolder, type TemporaryFolder } from "../../helpers/temporaryFolder.ts";

let root: TemporaryFolder;
let project: string;
beforeEach(() => {
  root = createTemporaryFolder("toolshed-mentions-");
  project = join(root.path, "project");
  for (const folder of [join(project, ".git"), join(project, "docs"), join(root.path, "home", ".aws")]) mkdirSync(folder, { recursive: true });
  writeFileSync(join(project, "docs", "guide.md"), "the guide\n");
  writeFileSync(join(project, ".env"), "TOKEN=1\n");
  writeFileSync(join(root.path, "home", ".aws", "credentials"), "aws_secret_access_key=SECRET\n");
  symlinkSync(join(root.path, "home", ".aws", "credentials"), join(project, "docs", "notes.md"));
});
afterEach(() => root.remove());

const deny = () => [{ behavior: "deny" as const, toolName: "Read", ruleContent: ".env", source: "projectSettings" as const, baseDirectory: project }];

describe("attachMentions", () => {
  test("a file inside is attached without a question; a denied one is not, and nobody is asked", async () => {
    const asked: string[] = [];
    const context = await createTestContext({ cwd: project, rules: deny() });
    const { blocks, notices } = await attachMentions("read @docs/guide.md and @.env", context, async (question) => (asked.push(question), true));
    expect(asked).toEqual([]);
    expect(blocks[0]?.text).toContain("the guide");
    expect(blocks[1]?.text).not.toContain("TOKEN=1");
    expect(notices).toEqual([expect.stringContaining("@.env was not attached: Read(.env) denies")]);
  });

  test("a link leading out of the working folder is attached only on a yes to a question naming where it leads", async () => {
    const context = await createTestContext({ cwd: project });
    const asked: string[] = [];
    const refused = await attachMentions("summarize @docs/notes.md", context, async (question) => (asked.push(question), false));
    expect(asked).toHaveLength(1);
    expect(asked[0]).toStartWith("Attach @docs/notes.md for the model to read? ");
    expect(asked[0]).toContain(join(root.path, "home", ".aws", "credentials"));
    expect(JSON.stringify(refused.blocks)).not.toContain("SECRET");
    expect(refused.notices).toEqual(["@docs/notes.md was not attached: you said no"]);
    const approved = await attachMentions("summarize @docs/notes.md", context, async () => true);
    expect(approved.blocks[0]?.text).toContain("aws_secret_access_key=SECRET");
  });
});
