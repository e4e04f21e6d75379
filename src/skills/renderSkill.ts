/**
 * A skill's instructions as the model gets them: `$ARGUMENTS` replaced by the arguments (or, when
 * the text never mentions them, the arguments appended as `ARGUMENTS: ...`), and
 * `${TOOLSHED_SKILL_DIR}` (or the leading agent's `${CLAUDE_SKILL_DIR}`) by the skill's folder.
 */
import type { Skill } from "./loadSkills.ts";

/** The rendered instructions. */
export function renderSkill(skill: Pick<Skill, "body" | "folder">, args: string | undefined): string {
  const given = args?.trim() ?? "";
  let text = skill.body.replace(/\$\{(?:TOOLSHED|CLAUDE)_SKILL_DIR\}/g, () => skill.folder);
  if (text.includes("$ARGUMENTS")) text = text.replaceAll("$ARGUMENTS", () => given);
  else if (given !== "") text = `${text.trimEnd()}\n\nARGUMENTS: ${given}`;
  return text.trim();
}
