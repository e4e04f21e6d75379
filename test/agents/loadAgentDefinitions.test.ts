import { afterEach, describe, expect, test } from "bun:test";
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { findAgentDefinition, loadAgentDefinitions, MAX_AGENT_FILE_BYTES } from "../../src/agents/loadAgentDefinitions.ts";
import { parseAgentFile } from "../../src/agents/parseAgentFile.ts";
import { createTemporaryFolder, type TemporaryFolder } from "../helpers/temporaryFolder.ts";

let folder: TemporaryFolder | undefined;
afterEach(() => {
  folder?.remove();
  folder = undefined;
});

const agent = (name: string, extra = "", body = "Do the work.") => `---\nname: ${name}\ndescription: The ${name} agent\n${extra}---\n${body}\n`;

describe("parseAgentFile", () => {
  test("reads the fields; the body is the prompt", () => {
    const parsed = parseAgentFile(agent("checker", "tools: Read, Grep\ndisallowedTools: [Bash]\nmodel: opus\nmaxTurns: 5\ncolor: blue\n"), "/x/checker.md", "project");
    expect(parsed).toEqual({
      ok: true,
      notes: [],
      agent: { name: "checker", description: "The checker agent", tools: ["Read", "Grep"], disallowedTools: ["Bash"], model: "opus", maxTurns: 5, systemPrompt: "Do the work.", readsProjectInstructions: true, source: "project", path: "/x/checker.md" },
    });
  });

  test("refuses a missing or bad name, no description, bad lists, a bad maxTurns and an empty body", () => {
    const problem = (text: string) => {
      const parsed = parseAgentFile(text, "/x.md", "user");
      return parsed.ok ? "accepted" : parsed.problem;
    };
    expect(problem("---\ndescription: d\n---\nbody")).toContain("needs a name");
    expect(problem(agent("Bad_Name"))).toContain("may hold only lowercase letters");
    expect(problem(agent("-dash"))).toContain("must not start with a hyphen");
    expect(problem("---\nname: a\n---\nbody")).toContain("needs a description");
    expect(problem(agent("a", "tools:\n  read: yes\n"))).toBe("tools: must be a list of names (a, b, c or a YAML list)");
    expect(problem(agent("a", "maxTurns: 0\n"))).toContain("maxTurns: must be a whole number");
    expect(problem(agent("a", "", ""))).toContain("has no body");
  });

  test("permissionMode plan holds the agent to plan mode; a looser mode is ignored with a note", () => {
    const plan = parseAgentFile(agent("a", "permissionMode: plan\n"), "/a.md", "project");
    expect(plan.ok && plan.agent.permissionMode).toBe("plan");
    const loose = parseAgentFile(agent("a", "permissionMode: bypassPermissions\n"), "/a.md", "project");
    expect(loose.ok && loose.agent.permissionMode).toBeUndefined();
    expect(loose.ok && loose.notes[0]).toContain("never loosens the session's mode");
  });
});

describe("loadAgentDefinitions", () => {
  test("built-in, then the user's folders, then the project's, recursively; the closest definition of a name wins", () => {
    folder = createTemporaryFolder("toolshed-agents-");
    const root = folder.path;
    const project = join(root, "repo", "pkg");
    mkdirSync(join(root, "repo", ".git"), { recursive: true });
    for (const path of [join(root, "claude", "agents"), join(root, "config", "agents"), join(root, "repo", ".claude", "agents", "deep"), join(project, ".toolshed", "agents")]) mkdirSync(path, { recursive: true });
    writeFileSync(join(root, "claude", "agents", "shared.md"), agent("shared", "", "FROM-CLAUDE-HOME"));
    writeFileSync(join(root, "config", "agents", "shared.md"), agent("shared", "", "FROM-USER-CONFIG"));
    writeFileSync(join(root, "repo", ".claude", "agents", "deep", "nested.md"), agent("nested"));
    writeFileSync(join(project, ".toolshed", "agents", "general.md"), agent("general-purpose", "", "OUR-OWN-GENERAL"));
    writeFileSync(join(project, ".toolshed", "agents", "notes.txt"), "not an agent");
    const env = { HOME: root, CLAUDE_CONFIG_DIR: join(root, "claude") };
    const previous = process.env.TOOLSHED_CONFIG_DIR;
    process.env.TOOLSHED_CONFIG_DIR = join(root, "config");
    try {
      const definitions = loadAgentDefinitions(project, env);
      expect(definitions.problems).toEqual([]);
      expect(definitions.agents.map((each) => each.name)).toEqual(["Explore", "shared", "nested", "general-purpose"]);
      expect(findAgentDefinition(definitions, "shared")?.systemPrompt).toBe("FROM-USER-CONFIG");
      expect(findAgentDefinition(definitions, "general-purpose")?.systemPrompt).toBe("OUR-OWN-GENERAL");
      // Exactly: an Agent(Explore) rule must name what runs.
      expect(findAgentDefinition(definitions, "explore")).toBeUndefined();
    } finally {
      if (previous === undefined) delete process.env.TOOLSHED_CONFIG_DIR;
      else process.env.TOOLSHED_CONFIG_DIR = previous;
    }
  });

  test("a pipe, a huge file and a link to nowhere are skipped with what is wrong, without hanging", () => {
    folder = createTemporaryFolder("toolshed-agents-");
    const agents = join(folder.path, ".toolshed", "agents");
    mkdirSync(agents, { recursive: true });
    Bun.spawnSync(["mkfifo", join(agents, "pipe.md")]);
    writeFileSync(join(agents, "huge.md"), agent("huge", "", "x".repeat(MAX_AGENT_FILE_BYTES)));
    symlinkSync(join(folder.path, "missing.md"), join(agents, "dangling.md"));
    writeFileSync(join(agents, "good.md"), agent("good"));
    const definitions = loadAgentDefinitions(folder.path, { HOME: folder.path });
    expect(definitions.agents.map((each) => each.name)).toContain("good");
    const problems = definitions.problems.join("\n");
    expect(problems).toContain("pipe.md: is not a regular file");
    expect(problems).toMatch(new RegExp(`huge\\.md: is \\d+ bytes; agent files may be at most ${MAX_AGENT_FILE_BYTES}`));
    expect(problems).toContain("dangling.md: could not be read (ENOENT)");
  });
});
