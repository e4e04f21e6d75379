/**
 * Agent files come from the repository (no trust needed): they cannot make the Agent tool's text,
 * sent with every request, grow without bound, and a link does not lead the loader outside.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { loadAgentDefinitions } from "../../src/agents/loadAgentDefinitions.ts";
import { renderPrompt } from "../../src/tools/AgentTool/prompt.ts";
import { createTemporaryFolder, type TemporaryFolder } from "../helpers/temporaryFolder.ts";

let folders: TemporaryFolder[] = [];
afterEach(() => {
  for (const folder of folders) folder.remove();
  folders = [];
});

function folder(prefix: string): TemporaryFolder {
  const made = createTemporaryFolder(prefix);
  folders.push(made);
  return made;
}

const noUserFolders = (home: string) => ({ HOME: home, CLAUDE_CONFIG_DIR: join(home, "claude"), TOOLSHED_CONFIG_DIR: join(home, "toolshed") });

describe("a repository's agent files", () => {
  test("names are at most 64 characters", () => {
    const repo = folder("toolshed-review-repo-");
    const agents = join(repo.path, ".toolshed", "agents");
    mkdirSync(agents, { recursive: true });
    writeFileSync(join(agents, "long.md"), `---\nname: ${"a".repeat(65)}\ndescription: d\n---\nbody\n`);
    const definitions = loadAgentDefinitions(repo.path, noUserFolders(join(repo.path, "home")));
    expect(definitions.agents.map((agent) => agent.name)).toEqual(["general-purpose", "Explore"]);
    expect(definitions.problems[0]).toContain("is longer than 64 characters");
  });

  test("cannot make the Agent tool's text (sent with every request of the session) megabytes long", () => {
    const repo = folder("toolshed-review-repo-");
    const agents = join(repo.path, ".toolshed", "agents");
    mkdirSync(agents, { recursive: true });
    const longName = "a".repeat(50);
    for (let index = 0; index < 500; index++) {
      writeFileSync(join(agents, `agent-${String(index).padStart(3, "0")}.md`),
        `---\nname: ${longName}-${index}\ndescription: ${"Use me for everything. ".repeat(100)}\n---\nbody\n`);
    }
    const definitions = loadAgentDefinitions(repo.path, noUserFolders(join(repo.path, "home")));
    const text = renderPrompt(definitions.agents);
    // The whole main-agent context window is about 800 KB of text; the listing alone must stay far below it.
    expect(definitions.agents.length).toBe(502);
    expect(text).toContain("and 370 more");
    expect(text.length).toBeLessThan(100_000);
  });

  test("a symlinked agents folder does not lead the loader out of the repository", () => {
    const repo = folder("toolshed-review-repo-");
    const outside = folder("toolshed-review-outside-");
    mkdirSync(join(repo.path, ".toolshed"), { recursive: true });
    writeFileSync(join(outside.path, "private.md"), "---\nname: private-notes\ndescription: someone's notes outside the repository\n---\nPRIVATE TEXT\n");
    symlinkSync(outside.path, join(repo.path, ".toolshed", "agents"));
    const definitions = loadAgentDefinitions(repo.path, noUserFolders(join(repo.path, "home")));
    expect(definitions.agents.map((agent) => agent.name)).not.toContain("private-notes");
    expect(definitions.problems.join("\n")).toContain("a project's agent files must be inside the project");
  });
});
