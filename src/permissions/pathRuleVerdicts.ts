/**
 * The deny and ask checks a path needs beyond matching its own spellings: another hard link of
 * the file a rule names, a path only known when the command runs, and a read of a whole folder
 * holding files a rule names. Each answers deny or ask, never allow.
 */
import type { AnyTool } from "../Tool.ts";
import { isSymlink } from "../files/statOrUndefined.ts";
import type { PathForms } from "../paths/pathForms.ts";
import { hardLinkRuleMatch } from "./hardLinks.ts";
import type { PathContext, ResolvedPath } from "./pathJudgment.ts";
import { coveredFileUnder } from "./recursiveReads.ts";
import { pathRuleApplies } from "./ruleMatchesSubject.ts";
import type { PathSubject, Subject } from "./subjects.ts";
import { formatRule, isFamilyName, type Decision, type PermissionRule, type RuleFamilies } from "./types.ts";

/** What these checks need to know about the call, and how the subject is named in messages. */
export interface RuleView {
  tool: AnyTool;
  rules: readonly PermissionRule[];
  families: RuleFamilies;
  paths: PathContext;
  resolved: Map<PathSubject, ResolvedPath>;
  label: string;
}

/** A deny or ask answer with its reason and rule. */
export interface RuleVerdict {
  decision: Decision;
  reason: string;
  rule?: PermissionRule;
}

/** Deny or ask rules that name another hard link of the subject's file (see hardLinks.ts). */
export function hardLinkVerdict(judge: RuleView, subject: Subject, behavior: "deny" | "ask"): RuleVerdict | undefined {
  if (subject.kind !== "path") return undefined;
  const resolved = judge.resolved.get(subject);
  const linked = [resolved?.forms, ...(resolved?.expansions ?? [])].filter((forms): forms is PathForms => forms?.hardLinked === true);
  if (linked.length === 0) return undefined;
  for (const rule of judge.rules) {
    if (rule.behavior !== behavior || rule.ruleContent === undefined || !pathRuleApplies(rule, subject, judge.tool, judge.families)) continue;
    for (const forms of linked) {
      const found = hardLinkRuleMatch(rule, forms, judge.paths);
      const label = judge.label;
      const what = label.includes(forms.lexical) ? label : `${label} (${forms.lexical})`;
      if (found.kind === "match") {
        const verb = behavior === "deny" ? "denies" : "asks before";
        return { decision: behavior, reason: `${formatRule(rule)} ${verb} ${what}, a hard link of ${found.path}`, rule };
      }
      if (found.kind === "unknown") {
        return { decision: "ask", reason: `${what} has other hard links, and ${formatRule(rule)} may cover one of them (${found.reason})`, rule };
      }
    }
  }
  return undefined;
}

/**
 * A path only known when the command runs (`> $X/key`, `cd $D && > key`, through a link made in the
 * same command) cannot be shown to miss a deny or ask rule on its kind of access: it is asked in
 * every mode, bypassPermissions included, so no mode turns such a rule into an allow.
 */
export function unknownPathVerdict(judge: RuleView, subject: Subject): RuleVerdict | undefined {
  if (subject.kind !== "path" || (subject.mentionedOnly && !subject.unplaced)) return undefined;
  const resolved = judge.resolved.get(subject);
  if (resolved?.unknown === undefined || resolved.forms?.invalid !== undefined) return undefined;
  const rule = judge.rules.find((candidate) => candidate.behavior !== "allow" && candidate.ruleContent !== undefined &&
    pathRuleApplies(candidate, subject, judge.tool, judge.families));
  if (rule === undefined) return undefined;
  return { decision: "ask", reason: `${resolved.unknown}, and ${formatRule(rule)} may cover it`, rule };
}

/**
 * `grep -r x .` reads every file under `.` (and `grep -R`, `rg -L` what the links there lead to):
 * when a Read deny or ask rule may name one of them, it is asked in every mode (the command cannot
 * be shown to skip them).
 */
export function recursiveReadVerdict(judge: RuleView, subject: Subject): RuleVerdict | undefined {
  if (subject.kind !== "path" || !subject.recursive) return undefined;
  // A symlink rm or mv removes or moves is the link alone, when the path is written plainly: not
  // with a "/" after it, nor through "." or ".." (which the lexical form has resolved away).
  const linksSpared = subject.linkAlone === true && !subject.word.value.endsWith("/") && !subject.word.value.split("/").some((name) => name === "." || name === "..");
  for (const forms of foldersReachedWhole(judge.resolved.get(subject), subject.word.glob)) {
    if (linksSpared && isSymlink(forms.lexical)) continue;
    const verdict = folderVerdict(judge, subject, forms);
    if (verdict !== undefined) return verdict;
  }
  return undefined;
}

/** At most this many folders a glob matches are searched one by one; past that, the glob's own folder is. */
const MAX_GLOB_FOLDERS = 64;

/**
 * The folders a recursive read or change reaches whole: the path's, or the folders a glob matches
 * now (`rm -r build*`, not every file beside them; the files it matches meet the rules as paths).
 */
function foldersReachedWhole(resolved: ResolvedPath | undefined, glob: boolean): PathForms[] {
  const forms = resolved?.forms;
  if (forms === undefined) return [];
  if (!glob || resolved?.expansions === undefined) return forms.isDirectory ? [forms] : [];
  const folders = resolved.expansions.filter((each) => each.isDirectory);
  return folders.length <= MAX_GLOB_FOLDERS ? folders : forms.isDirectory ? [forms] : [];
}

function folderVerdict(judge: RuleView, subject: PathSubject, forms: PathForms): RuleVerdict | undefined {
  for (const rule of judge.rules) {
    if (rule.behavior === "allow" || rule.ruleContent === undefined || !pathRuleApplies(rule, subject, judge.tool, judge.families)) continue;
    // A folder changed whole (a checkout, an unpacked archive) or removed discloses nothing: rules
    // on changing files judge it. One moved away can be read where it went: every rule does.
    if (subject.access === "write" && (subject.mentionedOnly || subject.removal) && !isFamilyName(judge.families, "writePaths", rule.toolName)) continue;
    const found = coveredFileUnder(rule, subject.followsLinks ? forms.lexical : forms.canonical, judge.paths, subject.followsLinks === true, { ...subject.spares, ...(subject.names === undefined ? {} : { names: subject.names, namedFolders: subject.namedFolders }) });
    if (found.kind === "none") continue;
    const what = found.kind === "found" ? `${formatRule(rule)} covers ${found.path}` : `${formatRule(rule)} may cover files there (too many entries there to check them all)`;
    return { decision: "ask", reason: `${judge.label} ${subject.access === "read" ? "reads" : "may change"} every file under ${forms.lexical}, and ${what}`, rule };
  }
  return undefined;
}

/**
 * A part that runs code the analysis cannot read (inline interpreter code, a script from its input,
 * a variable that runs programs) cannot be shown to keep to a deny or ask rule about commands or
 * files: with such a rule in force it is asked in every mode. Without one, allow rules and the
 * mode decide as for any command.
 */
export function unknownCodeVerdict(judge: RuleView, subject: Subject): RuleVerdict | undefined {
  if (subject.kind !== "command" || subject.part.mentionedOnly || (subject.part.unknownCode ?? []).length === 0) return undefined;
  const rule = judge.rules.find((candidate) => candidate.behavior !== "allow" && candidate.ruleContent !== undefined &&
    (RULE_FAMILY_NAMES.some((family) => judge.families[family].includes(candidate.toolName)) || candidate.toolName === judge.tool.name));
  if (rule === undefined) return undefined;
  const why = subject.part.unknownCode?.[0] ?? "it runs code the analysis cannot read";
  return { decision: "ask", reason: `${why}, so toolshed cannot show that ${formatRule(rule)} holds for what it does`, rule };
}

/** The families whose deny and ask rules unknown code could get around. */
const RULE_FAMILY_NAMES = ["readPaths", "writePaths", "shellCommands"] as const;
