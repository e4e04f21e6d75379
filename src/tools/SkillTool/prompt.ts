/** Every word the model reads about Skill: its prompt with the session's listing, and what its results say. */
import type { Skill } from "../../skills/loadSkills.ts";
import { MAX_DESCRIPTION_CHARS, MAX_LISTING_CHARS } from "../../skills/skillLimits.ts";

export const SKILL_TOOL_NAME = "Skill";

export const DESCRIPTION = "Run a skill: load its instructions for the task at hand.";

const INTRODUCTION = `Runs a skill: a set of instructions, kept in a SKILL.md, for a kind of task (a release, a
review, a file format). When the user's task matches a skill's description, call this tool with
that skill before doing the task yourself; its instructions come back as the result, and you
follow them.

- skill: the skill's name, as listed below (a leading "/" is fine).
- args: what the skill should work on (a file, a branch, options), as one text.
- A skill's instructions are text for you to follow; the tools you use for them ask for permission
  as usual, except those the skill's allowed-tools approve for the rest of the turn.`;

function cut(text: string, limit: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > limit ? `${flat.slice(0, limit - 1)}…` : flat;
}

function entry(skill: Skill): string {
  const hint = skill.argumentHint === undefined ? "" : ` (args: ${skill.argumentHint})`;
  const about = skill.whenToUse === undefined ? skill.description : `${skill.description} ${skill.whenToUse}`;
  return `- ${skill.name}${hint}: ${cut(about, MAX_DESCRIPTION_CHARS)}`;
}

/** The prompt: the introduction, then the skills the model may run, within MAX_LISTING_CHARS (written without a session: none). */
export function renderPrompt(skills: readonly Skill[] = []): string {
  const listed = skills.filter((skill) => skill.modelInvocable);
  if (listed.length === 0) return `${INTRODUCTION}\n\nNo skills are installed in this session, so there is nothing to run.`;
  const lines: string[] = [];
  let used = 0;
  const byName: string[] = [];
  for (const skill of listed) {
    const line = entry(skill);
    if (byName.length === 0 && used + line.length <= MAX_LISTING_CHARS) {
      lines.push(line);
      used += line.length + 1;
    } else byName.push(skill.name);
  }
  const rest = byName.length === 0 ? "" : `\n- and, by name only: ${byName.join(", ")}`;
  return `${INTRODUCTION}\n\nSkills available:\n${lines.join("\n")}${rest}`;
}

/** The result: where the skill came from, then its instructions. */
export function skillResultText(skill: Pick<Skill, "name" | "folder">, instructions: string, note: string | undefined): string {
  return `Skill "${skill.name}" is loaded (from ${skill.folder}). Follow its instructions:\n\n${instructions}${note === undefined ? "" : `\n\n${note}`}`;
}

/** Said when allowed-tools were applied for the rest of this turn. */
export function grantedNote(rules: readonly string[]): string {
  return `For the rest of this turn these are allowed without asking, as the skill asks: ${rules.join(", ")}.`;
}

/** Said when a skill's allowed-tools were not applied. */
export function untrustedNote(rules: readonly string[]): string {
  return `This skill's allowed-tools (${rules.join(", ")}) were not applied: it comes from a project folder that is not trusted, ` +
    "so those tools ask for permission as usual.";
}

/** Said for a name that is no skill. */
export function unknownSkillText(name: string, skills: readonly Skill[]): string {
  const names = skills.filter((skill) => skill.modelInvocable).map((skill) => skill.name);
  return names.length === 0
    ? `There is no skill "${name}": this session has no skills.`
    : `There is no skill "${name}". The skills are: ${names.join(", ")}.`;
}

/** Said for a skill only a person may run. */
export function personOnlyText(name: string): string {
  return `The skill "${name}" is run only by the user (its disable-model-invocation is set); do not call it.`;
}

/** The reason the call asks. */
export function askReason(skill: Pick<Skill, "name" | "source">): string {
  return `${SKILL_TOOL_NAME} runs the ${skill.source === "user" ? "user's" : "project's"} skill "${skill.name}"`;
}
