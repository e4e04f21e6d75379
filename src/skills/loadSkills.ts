/**
 * Skills: folders holding a SKILL.md (frontmatter, then the instructions), found in the user's
 * own folder (`<TOOLSHED_CONFIG_DIR or ~/.toolshed>/skills/`), then the project's
 * `.toolshed/skills/` and `.claude/skills/`; on a name clash the first found wins, so a project
 * cannot replace the user's skill. A skill is named after its folder. Files that are too large,
 * not UTF-8, or whose frontmatter does not parse are skipped with a warning, never thrown.
 */
import { closeSync, fstatSync, openSync, readdirSync, readSync } from "node:fs";
import { join } from "node:path";
import { describeError } from "../errors/describeError.ts";
import { statOrUndefined } from "../files/statOrUndefined.ts";
import { parseFrontmatter } from "../markdown/frontmatter.ts";
import { isTrue, skillFrontmatterSchema } from "./skillFrontmatterSchema.ts";
import { FALLBACK_DESCRIPTION_CHARS, MAX_SKILL_FILE_BYTES, MAX_SKILLS_PER_SOURCE } from "./skillLimits.ts";
import { splitAllowedTools } from "./splitAllowedTools.ts";

/** Whose folder a skill came from. */
export type SkillSource = "user" | "project";

export interface Skill {
  /** The folder's name: what the model passes to the Skill tool and `Skill(name *)` rules match. */
  name: string;
  description: string;
  whenToUse?: string;
  argumentHint?: string;
  /** Rules the skill asks to have approved while it runs (applied only when `trusted`). */
  allowedTools: string[];
  /** False when the frontmatter says `disable-model-invocation`: only a person may run it. */
  modelInvocable: boolean;
  source: SkillSource;
  /** From the user's own folder or a trusted project: its allowed-tools may apply. */
  trusted: boolean;
  folder: string;
  file: string;
  /** The instructions (the file after its frontmatter). */
  body: string;
}

export interface SkillCatalog {
  skills: Skill[];
  /** One line per file skipped, and why. */
  warnings: string[];
}

/** A folder skills are read from. */
export interface SkillFolder {
  path: string;
  source: SkillSource;
  trusted: boolean;
}

/** A folder name that can be a skill's name (and a rule's pattern): no spaces, no path characters. */
const SKILL_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

/** The folders to read, the user's first. */
export function skillFolders(options: { cwd: string; configDirectory: string; projectTrusted: boolean }): SkillFolder[] {
  return [
    { path: join(options.configDirectory, "skills"), source: "user", trusted: true },
    { path: join(options.cwd, ".toolshed", "skills"), source: "project", trusted: options.projectTrusted },
    { path: join(options.cwd, ".claude", "skills"), source: "project", trusted: options.projectTrusted },
  ];
}

/** The file's text, read with a size limit; undefined with a reason when it cannot be used. */
function readSkillFile(path: string): { text: string } | { problem: string } {
  let fd: number;
  try {
    fd = openSync(path, "r");
  } catch (error) {
    return { problem: `it cannot be read (${describeError(error)})` };
  }
  try {
    const size = fstatSync(fd).size;
    if (size > MAX_SKILL_FILE_BYTES) return { problem: `it is ${size} bytes, more than the ${MAX_SKILL_FILE_BYTES} a SKILL.md may have` };
    const buffer = Buffer.alloc(size);
    const read = readSync(fd, buffer, 0, size, 0);
    try {
      return { text: new TextDecoder("utf-8", { fatal: true }).decode(buffer.subarray(0, read)) };
    } catch {
      return { problem: "it is not UTF-8 text" };
    }
  } finally {
    closeSync(fd);
  }
}

/** The body's first paragraph that is not a heading, for a skill that gives no description. */
function firstParagraph(body: string): string {
  const paragraphs = body.split(/\n\s*\n/).map((part) => part.trim()).filter((part) => part !== "");
  const paragraph = (paragraphs.find((part) => !/^#+\s/.test(part)) ?? paragraphs[0] ?? "").replace(/^#+\s*/gm, "");
  const flat = paragraph.replace(/\s+/g, " ");
  return flat.length > FALLBACK_DESCRIPTION_CHARS ? `${flat.slice(0, FALLBACK_DESCRIPTION_CHARS - 1)}…` : flat;
}

/** The skill in `folder`; undefined when the folder holds no SKILL.md (it is not a skill). */
function readSkill(name: string, folder: string, source: SkillFolder): Skill | { problem: string } | undefined {
  const file = join(folder, "SKILL.md");
  if (statOrUndefined(file)?.isFile() !== true) return undefined;
  const read = readSkillFile(file);
  if ("problem" in read) return read;
  const parsed = parseFrontmatter(read.text);
  if (!parsed.ok) return { problem: parsed.reason };
  const checked = skillFrontmatterSchema().safeParse(parsed.data);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    return { problem: `its frontmatter key ${String(issue?.path[0] ?? "")} has the wrong type (${issue?.message ?? "invalid"})` };
  }
  const meta = checked.data;
  const description = (meta.description ?? "").trim() || firstParagraph(parsed.body);
  if (description === "") return { problem: "it has no description and no text to describe it" };
  return {
    name,
    description,
    ...(meta.when_to_use?.trim() ? { whenToUse: meta.when_to_use.trim() } : {}),
    ...(meta["argument-hint"]?.trim() ? { argumentHint: meta["argument-hint"].trim() } : {}),
    allowedTools: splitAllowedTools(meta["allowed-tools"]),
    modelInvocable: !isTrue(meta["disable-model-invocation"]),
    source: source.source,
    trusted: source.trusted,
    folder,
    file,
    body: parsed.body,
  };
}

/** Every skill of the folders, in folder order and then by name. */
export function loadSkills(folders: readonly SkillFolder[]): SkillCatalog {
  const skills: Skill[] = [];
  const warnings: string[] = [];
  const seen = new Map<string, string>();
  for (const source of folders) {
    let entries: string[];
    try {
      entries = readdirSync(source.path, { withFileTypes: true })
        .filter((entry) => entry.isDirectory() || entry.isSymbolicLink())
        .map((entry) => entry.name)
        .sort();
    } catch {
      continue; // No such folder: nothing to load from it.
    }
    let count = 0;
    for (const name of entries) {
      const folder = join(source.path, name);
      if (!SKILL_NAME.test(name)) {
        warnings.push(`skill folder ${folder} is skipped: its name must be letters, digits, ".", "_" or "-" (at most 64)`);
        continue;
      }
      const skill = readSkill(name, folder, source);
      if (skill === undefined) continue;
      if ("problem" in skill) {
        warnings.push(`skill ${join(folder, "SKILL.md")} is skipped: ${skill.problem}`);
        continue;
      }
      const earlier = seen.get(name);
      if (earlier !== undefined) {
        warnings.push(`skill ${skill.file} is skipped: the skill ${name} in ${earlier} comes first`);
        continue;
      }
      if (count >= MAX_SKILLS_PER_SOURCE) {
        warnings.push(`skills in ${source.path} past the first ${MAX_SKILLS_PER_SOURCE} are skipped`);
        break;
      }
      count += 1;
      seen.set(name, skill.folder);
      skills.push(skill);
    }
  }
  return { skills, warnings };
}
