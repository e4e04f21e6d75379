/** Finding skills: the three folders and their order, what a skill is made of, and the files skipped. */
import { afterEach, describe, expect, test } from "bun:test";
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { loadSkills, skillFolders } from "../../src/skills/loadSkills.ts";
import { renderSkill } from "../../src/skills/renderSkill.ts";
import { MAX_SKILL_FILE_BYTES } from "../../src/skills/skillLimits.ts";
import { splitAllowedTools } from "../../src/skills/splitAllowedTools.ts";
import { createTemporaryFolder, type TemporaryFolder } from "../helpers/temporaryFolder.ts";

let root: TemporaryFolder;
afterEach(() => root?.remove());

function writeSkill(base: string, name: string, text: string): string {
  const folder = join(base, name);
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, "SKILL.md"), text);
  return folder;
}

function setUp(projectTrusted = false) {
  root = createTemporaryFolder("toolshed-skills-");
  const project = join(root.path, "project");
  const config = join(root.path, "config");
  mkdirSync(project);
  return { project, config, folders: skillFolders({ cwd: project, configDirectory: config, projectTrusted }) };
}

describe("loadSkills", () => {
  test("reads the user's folder, then .toolshed/skills, then .claude/skills; the first of a name wins; project skills are trusted only in a trusted folder", () => {
    const { project, config, folders } = setUp();
    writeSkill(join(config, "skills"), "review", "---\ndescription: The user's review.\nallowed-tools: Read Grep\n---\nReview carefully.");
    writeSkill(join(project, ".toolshed", "skills"), "review", "---\ndescription: The project's review.\n---\nx");
    writeSkill(join(project, ".toolshed", "skills"), "release", "---\ndescription: Cut a release.\nargument-hint: <version>\n---\nRelease $ARGUMENTS.");
    writeSkill(join(project, ".claude", "skills"), "legacy", "---\ndescription: From .claude.\nwhen_to_use: When asked.\n---\nOld.");
    const { skills, warnings } = loadSkills(folders);
    expect(skills.map((skill) => [skill.name, skill.source, skill.trusted])).toEqual([
      ["review", "user", true], ["release", "project", false], ["legacy", "project", false],
    ]);
    expect(skills[0]).toMatchObject({ description: "The user's review.", allowedTools: ["Read", "Grep"], body: "Review carefully." });
    expect(skills[1]).toMatchObject({ argumentHint: "<version>", modelInvocable: true });
    expect(skills[2]?.whenToUse).toBe("When asked.");
    expect(warnings).toEqual([expect.stringContaining("the skill review in")]);
    expect(loadSkills(skillFolders({ cwd: project, configDirectory: config, projectTrusted: true })).skills.every((skill) => skill.trusted)).toBe(true);
  });

  test("files too large, not UTF-8, with broken frontmatter or keys of the wrong type, or in badly named folders are skipped with a warning", () => {
    const { project, folders } = setUp();
    const base = join(project, ".toolshed", "skills");
    writeSkill(base, "huge", `---\ndescription: big\n---\n${"x".repeat(MAX_SKILL_FILE_BYTES)}`);
    const binary = join(base, "binary");
    mkdirSync(binary, { recursive: true });
    writeFileSync(join(binary, "SKILL.md"), Buffer.from([0x2d, 0xff, 0xfe, 0x00]));
    writeSkill(base, "broken", "---\ndescription: \"open\n---\n");
    writeSkill(base, "typed", "---\ndescription: [a, b]\n---\nx");
    writeSkill(base, "has space", "---\ndescription: spaced\n---\nx");
    writeSkill(base, "fine", "---\ndescription: Fine.\n---\nok");
    mkdirSync(join(base, "empty-folder"));
    const { skills, warnings } = loadSkills(folders);
    expect(skills.map((skill) => skill.name)).toEqual(["fine"]);
    const text = warnings.join("\n");
    expect(text).toContain(`more than the ${MAX_SKILL_FILE_BYTES}`);
    expect(text).toContain("not UTF-8");
    expect(text).toContain("quoted text that does not end");
    expect(text).toContain("key description has the wrong type");
    expect(text).toContain("has space is skipped: its name must be");
    expect(warnings).toHaveLength(5);
  });

  test("a skill without a description is described by its first paragraph; disable-model-invocation marks it for people only; symlinked folders count", () => {
    const { project, config, folders } = setUp();
    writeSkill(join(project, ".claude", "skills"), "plain", "# Title\n\nDoes the plain thing.\n\nMore.");
    writeSkill(join(project, ".claude", "skills"), "manual", "---\ndescription: Only by hand.\ndisable-model-invocation: yes\n---\nx");
    const elsewhere = writeSkill(join(root.path, "shared"), "shared", "---\ndescription: Linked in.\n---\nx");
    mkdirSync(join(config, "skills"), { recursive: true });
    symlinkSync(elsewhere, join(config, "skills", "linked"));
    const { skills } = loadSkills(folders);
    expect(skills.map((skill) => [skill.name, skill.description, skill.modelInvocable])).toEqual([
      ["linked", "Linked in.", true], ["manual", "Only by hand.", false], ["plain", "Does the plain thing.", true],
    ]);
  });
});

describe("renderSkill and allowed-tools", () => {
  test("$ARGUMENTS is replaced, or the arguments are appended; the skill's folder fills ${TOOLSHED_SKILL_DIR} and ${CLAUDE_SKILL_DIR}", () => {
    const skill = { folder: "/skills/x" };
    expect(renderSkill({ ...skill, body: "Deploy $ARGUMENTS now ($ARGUMENTS)." }, "prod")).toBe("Deploy prod now (prod).");
    expect(renderSkill({ ...skill, body: "Run ${TOOLSHED_SKILL_DIR}/go.sh and ${CLAUDE_SKILL_DIR}/x." }, "fast")).toBe("Run /skills/x/go.sh and /skills/x/x.\n\nARGUMENTS: fast");
    expect(renderSkill({ ...skill, body: "No arguments here." }, undefined)).toBe("No arguments here.");
    expect(renderSkill({ ...skill, body: "Cost $ARGUMENTS" }, "$& $1")).toBe("Cost $& $1");
  });

  test("allowed-tools splits at commas and spaces outside a rule's parentheses", () => {
    expect(splitAllowedTools("Bash(git add *), Bash(git commit -m *) Read")).toEqual(["Bash(git add *)", "Bash(git commit -m *)", "Read"]);
    expect(splitAllowedTools(["Read", " Grep "])).toEqual(["Read", "Grep"]);
    expect(splitAllowedTools(undefined)).toEqual([]);
  });
});
