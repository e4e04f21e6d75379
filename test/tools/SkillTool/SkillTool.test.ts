/**
 * Skill through the agent loop: the listing the model reads, running a skill (arguments filled
 * in), its errors, its permission behaviour (it asks; Skill(name *) rules), and allowed-tools:
 * applied for the rest of the turn for the user's own and trusted skills, never for an untrusted
 * project's.
 */
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { ToolResultBlockParam } from "@anthropic-ai/sdk/resources/messages";
import type { QueryEvent, UserEvent } from "../../../src/query/events.ts";
import { parseRuleText } from "../../../src/permissions/parseRule.ts";
import type { PermissionRule, RuleBehavior } from "../../../src/permissions/types.ts";
import { trustFolder } from "../../../src/settings/trustStore.ts";
import type { Session } from "../../../src/session/createSession.ts";
import { createLoopKit, type LoopKit } from "../../helpers/loopKit.ts";
import { conversationAbout, textTurn, turn, type RecordedRequest } from "../../helpers/messagesApiServer.ts";
import { createTemporaryFolder, type TemporaryFolder } from "../../helpers/temporaryFolder.ts";

let kit: LoopKit | undefined;
let config: TemporaryFolder;
let previousConfig: string | undefined;

beforeEach(() => {
  config = createTemporaryFolder("toolshed-skill-config-");
  previousConfig = process.env.TOOLSHED_CONFIG_DIR;
  process.env.TOOLSHED_CONFIG_DIR = config.path;
});
afterEach(async () => {
  await kit?.close();
  kit = undefined;
  config.remove();
  if (previousConfig === undefined) delete process.env.TOOLSHED_CONFIG_DIR;
  else process.env.TOOLSHED_CONFIG_DIR = previousConfig;
});

function writeSkill(base: string, name: string, frontmatter: string[], body: string): void {
  mkdirSync(join(base, name), { recursive: true });
  writeFileSync(join(base, name, "SKILL.md"), `---\n${frontmatter.join("\n")}\n---\n${body}`);
}

const projectSkills = (kitFolder: string) => join(kitFolder, ".toolshed", "skills");
const userSkills = () => join(config.path, "skills");

function addRules(session: Session, behavior: RuleBehavior, ...texts: string[]): void {
  const rules: PermissionRule[] = texts.map((text) => {
    const parsed = parseRuleText(text);
    if (!parsed.ok) throw new Error(parsed.reason);
    return { behavior, toolName: parsed.toolName, ruleContent: parsed.ruleContent, source: "session" };
  });
  session.context.setAppState((state) => ({ ...state, toolPermissionContext: { ...state.toolPermissionContext, rules: [...state.toolPermissionContext.rules, ...rules] } }));
}

function results(events: QueryEvent[]): ToolResultBlockParam[] {
  return events
    .filter((event): event is UserEvent => event.type === "user")
    .flatMap((event) => (typeof event.message.content === "string" ? [] : event.message.content))
    .filter((block): block is ToolResultBlockParam => block.type === "tool_result");
}

const text = (block: ToolResultBlockParam | undefined) => (typeof block?.content === "string" ? block.content : JSON.stringify(block?.content));
const skillDescription = (request: RecordedRequest | undefined) =>
  (request?.body as { tools: { name: string; description: string }[] }).tools.find((tool) => tool.name === "Skill")?.description ?? "";

function skillCall(input: Record<string, unknown>, id = "sk") {
  return turn({ content: [{ type: "tool_use", id, name: "Skill", input }] });
}

describe("the listing", () => {
  test("the Skill tool's description lists the user's and the project's skills (not those only people may run), the same in every request", async () => {
    kit = await createLoopKit();
    writeSkill(userSkills(), "review", ["description: Review a change for bugs.", "argument-hint: <branch>"], "Review.");
    writeSkill(projectSkills(kit.folder.path), "release", ["description: Cut a release.", "when_to_use: When the user says ship it."], "Release.");
    writeSkill(join(kit.folder.path, ".claude", "skills"), "manual", ["description: By hand only.", "disable-model-invocation: true"], "x");
    kit.server.push(skillCall({ skill: "nothing-here" }), textTurn("ok"));
    await kit.run("hi");
    const listing = skillDescription(kit.server.requests[0]);
    expect(listing).toContain("- review (args: <branch>): Review a change for bugs.");
    expect(listing).toContain("- release: Cut a release. When the user says ship it.");
    expect(listing).not.toContain("manual");
    expect(skillDescription(kit.server.requests[1])).toBe(listing);
  });
});

describe("running a skill", () => {
  test("with a Skill(name *) rule the skill runs: its instructions come back with the arguments filled in, a leading / is fine", async () => {
    kit = await createLoopKit();
    writeSkill(projectSkills(kit.folder.path), "deploy", ["description: Deploy the app."], "Deploy to $ARGUMENTS, then check ${TOOLSHED_SKILL_DIR}/checks.md.");
    writeSkill(projectSkills(kit.folder.path), "notes", ["description: Take notes."], "Write notes.");
    addRules(kit.session, "allow", "Skill(deploy *)", "Skill(notes)");
    kit.server.push(
      turn({ content: [
        { type: "tool_use", id: "a", name: "Skill", input: { skill: "/deploy", args: "staging" } },
        { type: "tool_use", id: "b", name: "Skill", input: { skill: "notes", args: "about the deploy" } },
      ] }),
      textTurn("done"),
    );
    const { events, result } = await kit.run("deploy to staging");
    const [deploy, notes] = results(events);
    const folder = join(projectSkills(kit.folder.path), "deploy");
    expect(text(deploy)).toBe(`Skill "deploy" is loaded (from ${folder}). Follow its instructions:\n\nDeploy to staging, then check ${folder}/checks.md.`);
    // Skill(notes) names the skill alone: with arguments it asks, and nobody is there to answer.
    expect(notes?.is_error).toBe(true);
    expect(text(notes)).toContain('runs the project\'s skill "notes"');
    expect(result.permission_denials.map((denial) => denial.tool_use_id)).toEqual(["b"]);
  });

  test("it asks by default, naming the rule that allows it; a deny rule refuses it", async () => {
    kit = await createLoopKit();
    writeSkill(projectSkills(kit.folder.path), "deploy", ["description: Deploy."], "Go.");
    kit.server.push(skillCall({ skill: "deploy", args: "prod" }), textTurn("done"));
    const { events } = await kit.run("go");
    expect(text(results(events)[0])).toContain('"Skill(deploy prod)"');
    addRules(kit.session, "allow", "Skill(deploy *)");
    addRules(kit.session, "deny", "Skill(deploy prod*)");
    kit.server.push(skillCall({ skill: "deploy", args: "prod" }), textTurn("done"));
    const denied = await kit.run("again");
    expect(text(results(denied.events)[0])).toContain("Skill(deploy prod*) denies");
  });

  test("an unknown skill lists the skills there are (and why a broken one was skipped); a skill only people may run is refused", async () => {
    kit = await createLoopKit();
    writeSkill(projectSkills(kit.folder.path), "deploy", ["description: Deploy."], "Go.");
    writeSkill(projectSkills(kit.folder.path), "broken", ['description: "unclosed'], "x");
    writeSkill(projectSkills(kit.folder.path), "manual", ["description: Hand.", "disable-model-invocation: true"], "x");
    kit.server.push(
      turn({ content: [
        { type: "tool_use", id: "a", name: "Skill", input: { skill: "deplyo" } },
        { type: "tool_use", id: "b", name: "Skill", input: { skill: "broken" } },
        { type: "tool_use", id: "c", name: "Skill", input: { skill: "manual" } },
      ] }),
      textTurn("done"),
    );
    const { events } = await kit.run("go");
    const [unknown, broken, manual] = results(events).map(text);
    expect(unknown).toContain('There is no skill "deplyo". The skills are: deploy.');
    expect(broken).toContain("broken/SKILL.md is skipped: the frontmatter is not valid");
    expect(manual).toContain("is run only by the user");
  });
});

describe("allowed-tools", () => {
  const NOTE = join("notes", "done.txt");
  function writeCall(folder: string, id: string) {
    return turn({ content: [{ type: "tool_use", id, name: "Write", input: { file_path: join(folder, NOTE), content: "written\n" } }] });
  }

  test("a skill from the user's own folder allows its tools for the rest of the turn, and the next turn asks again", async () => {
    kit = await createLoopKit();
    mkdirSync(join(kit.folder.path, "notes"));
    writeSkill(userSkills(), "scribe", ["description: Writes notes.", "allowed-tools: Write, Bash(*"], "Write the notes.");
    addRules(kit.session, "allow", "Skill(scribe *)");
    kit.server.push(skillCall({ skill: "scribe" }), writeCall(kit.folder.path, "w1"), textTurn("written"));
    const { events } = await kit.run("take notes");
    const [skill, write] = results(events);
    expect(text(skill)).toContain("For the rest of this turn these are allowed without asking, as the skill asks: Write.");
    expect(write?.is_error).toBeUndefined();
    expect(existsSync(join(kit.folder.path, NOTE))).toBe(true);
    kit.server.push(writeCall(kit.folder.path, "w2"), textTurn("refused"));
    const next = await kit.run("again");
    expect(results(next.events)[0]?.is_error).toBe(true);
    expect(next.result.permission_denials.map((denial) => denial.tool_name)).toEqual(["Write"]);
  });

  test("an untrusted project's skill never widens permissions: its allowed-tools are ignored with a note; once the folder is trusted they apply", async () => {
    kit = await createLoopKit();
    mkdirSync(join(kit.folder.path, "notes"));
    writeSkill(projectSkills(kit.folder.path), "scribe", ["description: Writes notes.", "allowed-tools: [Write]"], "Write the notes.");
    addRules(kit.session, "allow", "Skill(scribe *)");
    kit.server.push(skillCall({ skill: "scribe" }), writeCall(kit.folder.path, "w1"), textTurn("refused"));
    const { events } = await kit.run("take notes");
    const [skill, write] = results(events);
    expect(text(skill)).toContain("This skill's allowed-tools (Write) were not applied: it comes from a project folder that is not trusted");
    expect(write?.is_error).toBe(true);
    expect(existsSync(join(kit.folder.path, NOTE))).toBe(false);
    await kit.close();

    kit = await createLoopKit();
    mkdirSync(join(kit.folder.path, "notes"));
    writeSkill(projectSkills(kit.folder.path), "scribe", ["description: Writes notes.", "allowed-tools: [Write]"], "Write the notes.");
    trustFolder(kit.folder.path);
    addRules(kit.session, "allow", "Skill(scribe *)");
    kit.server.push(skillCall({ skill: "scribe" }), writeCall(kit.folder.path, "w1"), textTurn("written"));
    const trusted = await kit.run("take notes");
    expect(results(trusted.events)[1]?.is_error).toBeUndefined();
    expect(existsSync(join(kit.folder.path, NOTE))).toBe(true);
  });

  test("a sub-agent started in the background does not take the turn's allowed-tools along: it outlives the turn", async () => {
    kit = await createLoopKit();
    mkdirSync(join(kit.folder.path, "notes"));
    writeSkill(userSkills(), "scribe", ["description: Writes notes.", "allowed-tools: Write"], "Write the notes.");
    addRules(kit.session, "allow", "Skill(scribe *)");
    const bgNote = join(kit.folder.path, "notes", "background.txt");
    kit.server.push(
      skillCall({ skill: "scribe" }),
      turn({ content: [{ type: "tool_use", id: "bg", name: "Agent", input: { description: "Write later", prompt: "TASK-SCRIBE", subagent_type: "general-purpose", run_in_background: true } }] }),
      textTurn("started"),
    );
    kit.server.script(conversationAbout("TASK-SCRIBE"),
      turn({ content: [{ type: "tool_use", id: "bg_write", name: "Write", input: { file_path: bgNote, content: "later\n" } }] }),
      textTurn("could not write"));
    await kit.run("take notes, some in the background");
    const session = kit.session;
    for (let wait = 0; wait < 400 && session.services.tasks.list().some((task) => task.status === "running"); wait++) await Bun.sleep(10);
    expect(session.services.tasks.list()[0]?.status).not.toBe("running");
    expect(existsSync(bgNote)).toBe(false);
  });

  test("allowed-tools only answer what would ask: a deny rule still wins", async () => {
    kit = await createLoopKit();
    mkdirSync(join(kit.folder.path, "notes"));
    writeSkill(userSkills(), "scribe", ["description: Writes notes.", "allowed-tools: Write"], "Write the notes.");
    addRules(kit.session, "allow", "Skill(scribe *)");
    addRules(kit.session, "deny", "Write(notes/**)");
    kit.server.push(skillCall({ skill: "scribe" }), writeCall(kit.folder.path, "w1"), textTurn("refused"));
    const { events } = await kit.run("take notes");
    const [skill, write] = results(events);
    expect(text(skill)).toContain("allowed without asking");
    expect(text(write)).toContain("Write(notes/**) denies");
    expect(existsSync(join(kit.folder.path, NOTE))).toBe(false);
  });
});
