/**
 * Skill: runs a skill by loading its instructions (with the arguments filled in) into the
 * conversation. It asks first, as the leading agent does; `Skill(name *)` rules match the skill's
 * name and arguments. A skill's allowed-tools are applied, for the rest of the turn only, when it
 * comes from the user's own folder or a trusted project; a skill of an untrusted project never
 * widens what is allowed, and the result says so.
 */
import { z } from "../../schema/zod.ts";
import { buildTool, type ToolResult } from "../../Tool.ts";
import { ToolError } from "../../errors/ToolError.ts";
import type { Skill, SkillCatalog } from "../../skills/loadSkills.ts";
import { renderSkill } from "../../skills/renderSkill.ts";
import { skillsService } from "../../skills/skillsService.ts";
import { parseAllowedTools } from "./grantAllowedTools.ts";
import { withGrantedRules } from "../../permissions/turnGrants.ts";
import { askReason, DESCRIPTION, grantedNote, personOnlyText, renderPrompt, SKILL_TOOL_NAME, skillResultText, unknownSkillText, untrustedNote } from "./prompt.ts";

/** Built on first use: start-up never pays for a schema it does not need. */
const inputSchema = () => z.strictObject({
  skill: z.string().check(z.minLength(1), z.describe("The skill's name, as listed")),
  args: z.optional(z.string()).check(z.describe("What the skill should work on, as one text")),
});

export interface SkillOutput {
  skill: string;
  source: Skill["source"];
  folder: string;
  /** The rendered instructions. */
  instructions: string;
  /** The allow rules applied for the rest of the turn. */
  granted: string[];
  /** What the model is told about allowed-tools that were not applied. */
  note?: string;
}

/** Catalogs whose skipped files the person has been told about (once per session). */
const reported = new WeakSet<SkillCatalog>();

function reportSkipped(catalog: SkillCatalog, warn: ((text: string) => void) | undefined): void {
  if (reported.has(catalog) || warn === undefined) return;
  reported.add(catalog);
  for (const warning of catalog.warnings) warn(warning);
}

function skillName(input: { skill: string }): string {
  return input.skill.trim().replace(/^\//, "");
}

function namedSubject(input: { skill: string; args?: string }): string {
  return `${skillName(input)} ${input.args ?? ""}`.trim();
}

export const SkillTool = buildTool({
  name: SKILL_TOOL_NAME,
  searchHint: "run skill instructions workflow",
  inputSchema,
  maxResultSizeChars: 150_000,
  isConcurrencySafe: () => true,
  isReadOnly: () => true,
  permissionSubjects: (input) => [{ kind: "named", name: namedSubject(input) }],
  getToolUseSummary: (input) => (input?.skill === undefined ? null : skillName({ skill: input.skill })),
  description: DESCRIPTION,
  prompt: async (options) => renderPrompt(options.services?.use(skillsService).skills),
  async validateInput(input, context) {
    const catalog = context.services.use(skillsService);
    reportSkipped(catalog, context.onWarning);
    const { skills, warnings } = catalog;
    const skill = skills.find((candidate) => candidate.name === skillName(input));
    if (skill === undefined) {
      const skipped = warnings.filter((warning) => warning.includes(`/${skillName(input)}/`));
      return { result: false, message: [unknownSkillText(skillName(input), skills), ...skipped].join("\n") };
    }
    if (!skill.modelInvocable) return { result: false, message: personOnlyText(skill.name) };
    return { result: true };
  },
  async checkPermissions(input, context) {
    const skill = context.services.use(skillsService).skills.find((candidate) => candidate.name === skillName(input));
    return skill === undefined ? { behavior: "passthrough" } : { behavior: "ask", reason: askReason(skill) };
  },
  async call(input, { context }): Promise<ToolResult<SkillOutput>> {
    const catalog = context.services.use(skillsService);
    const skill = catalog.skills.find((candidate) => candidate.name === skillName(input));
    if (skill === undefined) throw new ToolError(unknownSkillText(skillName(input), catalog.skills));
    const instructions = renderSkill(skill, input.args);
    const base = { skill: skill.name, source: skill.source, folder: skill.folder, instructions };
    if (skill.allowedTools.length === 0) return { data: { ...base, granted: [] } };
    if (!skill.trusted) return { data: { ...base, granted: [], note: untrustedNote(skill.allowedTools) } };
    const { rules, ignored } = parseAllowedTools(skill.allowedTools, skill.folder, context.getAppState().toolPermissionContext.families);
    for (const warning of ignored) context.onWarning?.(`skill ${skill.name}: ${warning}`);
    const granted = rules.map((rule) => (rule.ruleContent === undefined ? rule.toolName : `${rule.toolName}(${rule.ruleContent})`));
    return {
      data: { ...base, granted, ...(granted.length === 0 ? {} : { note: grantedNote(granted) }) },
      contextModifier: (next) => withGrantedRules(next, rules),
    };
  },
  mapToolResultToToolResultBlockParam(output: SkillOutput, toolUseId) {
    return { type: "tool_result", tool_use_id: toolUseId, content: skillResultText({ name: output.skill, folder: output.folder }, output.instructions, output.note) };
  },
});
