/**
 * The one place a permission decision is made; everything that runs a tool asks `decide`.
 * The PreToolUse hooks' verdict comes first (it is an input: the pipeline runs the hooks). Each
 * subject of a call (the call as a whole, each shell command part, each path, address and named
 * thing its tool declared) is then judged on its own in the spec's order (deny rules, ask rules,
 * checks no mode can skip, the mode, allow rules, the tool's own check and the read-only default,
 * otherwise ask); the call is denied if any subject is, asked if any is, and allowed only when
 * every subject is.
 */
import { existsSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import type { AnyTool, PermissionResult, ToolUseContext } from "../Tool.ts";
import { isSymlink, realPathOrUndefined } from "../files/statOrUndefined.ts";
import { allowForm, programStarts, programWordsAsRun } from "../shell/commandForms.ts";
import { classifyFileCommand } from "../shell/fileCommand.ts";
import { matchesEveryEntry, matchesEveryName } from "../shell/globNames.ts";
import { classifyReadOnly, classifyReadOnlyIn, type ReadOnlyVerdict } from "../shell/readOnlyCommand.ts";
import { readOnlyProblem } from "../shell/readOnlyProblem.ts";
import { fallbackCommandForms, fallbackFolders, fallbackWords } from "./fallbackCommandForms.ts";
import { applyHookVerdict, hookDenial } from "./hookDecision.ts";
import { matchCommandPattern } from "./matchCommandPattern.ts";
import { matchToolName } from "./matchToolName.ts";
import { bareCharacters, EXPANSIONS_ONLY, hasUnquotedExpansion, HERE, quotedRequiredAsNames, spelledWithEmptyExpansions, type EmptiedSpelling } from "./wordExpansions.ts";
import { createPathContext, isInsideWorkingFolders, resolvePathSubject, ruledOut, subjectBase, type PathContext, type ResolvedPath } from "./pathJudgment.ts";
import { planCall } from "./planCall.ts";
import { criticalRemovalReason, protectedGlobReason, protectedPathReasonIn } from "./protectedPaths.ts";
import { expandShellGlob } from "../paths/expandShellGlob.ts";
import { everyForm, pathForms, type PathForms } from "../paths/pathForms.ts";
import { readableSessionFolders } from "../paths/sessionFolders.ts";
import { DOMAIN_PREFIX, isWholeToolRule, ruleMatchesSubject } from "./ruleMatchesSubject.ts";
import { hostOfUrl } from "./matchDomain.ts";
import { hardLinkVerdict, recursiveReadVerdict, unknownCodeVerdict, unknownPathVerdict } from "./pathRuleVerdicts.ts";
import { commandRules, identifyPrograms, isModeChanger, type ProgramIdentities } from "./programIdentity.ts";
import { linkLeadingOutside } from "./recursiveReads.ts";
import { movedWithin, soleMovePart, type SoleMove } from "./movedWithin.ts";
import { mentionedSpellings, placements, suggestCommandRule } from "./shellSubjects.ts";
import type { KnownCwd, ShellAnalysis, ShellCommandPart, ShellWord } from "../shell/types.ts";
import type { PathSubject, Subject, ToolSubject } from "./subjects.ts";
import { suggestPathRule } from "./suggestPathRule.ts";
import {
  formatRule,
  isFamilyName,
  type Decision,
  type PartDecision,
  type PermissionDecision,
  type PermissionMode,
  type PermissionRule,
  type PreToolUseVerdict,
  type RuleBehavior,
  type RuleFamilies,
} from "./types.ts";

export { ruleMatchesWholeTool } from "./ruleMatchesWholeTool.ts";

export interface DecideRequest {
  tool: AnyTool;
  /** The validated input. */
  input: { [key: string]: unknown };
  context: ToolUseContext;
  /** What the PreToolUse hooks said (none ran when absent). */
  hookVerdict?: PreToolUseVerdict;
}

interface Verdict {
  decision: Decision;
  reason: string;
  rule?: PermissionRule;
  /** For ask: the rule that would allow this subject. */
  suggestion?: string;
  /** For ask: an answer holds for this call only. */
  answerHoldsOnce?: boolean;
}

interface Judge {
  tool: AnyTool;
  input: { [key: string]: unknown };
  rules: readonly PermissionRule[];
  families: RuleFamilies;
  mode: PermissionMode;
  paths: PathContext;
  resolved: Map<PathSubject, ResolvedPath>;
  own: PermissionResult;
  hasPath: boolean;
  /** A PreToolUse hook allowed the call: past the checks no mode can skip, it is allowed. */
  hookAllowed: boolean;
  /** The command only reads, so the folders there now are there when its cds run: a cd into one succeeds. */
  foldersStay: boolean;
  /** Each command part's read-only verdict where it runs, once worked out. */
  readOnlyParts: Map<ShellCommandPart, ReadOnlyVerdict>;
  /** The tool names whose whole-tool rules also judge this call (Tool.ruleNamesFor). */
  alsoNamed: readonly string[];
  /** What each command part really runs, while a deny or ask rule about commands is in force. */
  programs?: ProgramIdentities;
  /** The one part of the command whose moves may stay inside the folder they leave (see soleMovePart). */
  soleMove?: SoleMove;
}

function describe(subject: Subject, tool: AnyTool): string {
  switch (subject.kind) {
    case "command":
      return subject.part.source;
    case "path":
      return subject.fromTool ? `${tool.name} ${subject.word.value}` : subject.label;
    case "tool":
      return tool.name;
  }
}

/** The first rule of `behavior` for the subject; with `wholeToolCounts` false, only rules with a specifier count. */
function findRule(judge: Judge, behavior: RuleBehavior, subject: Subject, wholeToolCounts = true, answersCount = true): PermissionRule | undefined {
  return judge.rules.find((rule) => {
    if (rule.behavior !== behavior) return false;
    if (!wholeToolCounts && rule.ruleContent === undefined) return false;
    if (!answersCount && (rule.fromAnswer === true || rule.source === "savedAnswers")) return false;
    if (rule.ruleContent === undefined && judge.alsoNamed.some((name) => matchToolName(rule.toolName, { name }))) return true;
    return isWholeToolRule(rule, judge.tool) ||
      ruleMatchesSubject({ rule, subject, tool: judge.tool, input: judge.input, families: judge.families, resolved: judge.resolved, paths: judge.paths, programs: judge.programs });
  });
}

/** The narrowest rule that allows the call as a whole: by its address or named thing when it has one. */
function suggestToolRule(tool: AnyTool, subject: ToolSubject): string {
  const host = subject.urls.length === 1 ? hostOfUrl(subject.urls[0] as string, true) : undefined;
  if (host !== undefined) return `${tool.name}(${DOMAIN_PREFIX}${host})`;
  if (subject.names.length === 1) return `${tool.name}(${subject.names[0]})`;
  return tool.name;
}

/** The rule name that stands for a path access (a family's name), or the tool's own. */
function pathRuleName(judge: Judge, access: "read" | "write"): string {
  return judge.families[access === "read" ? "readPaths" : "writePaths"][0] ?? judge.tool.name;
}

/** The folders a command part may run in (one, or the few the analysis knows), or undefined when only known when it runs. */
function partFolders(judge: Judge, part: ShellCommandPart): (string | undefined)[] {
  return placements(part.cwd).filter((cwd) => !(judge.foldersStay && ruledOut(cwd, judge.paths))).map((cwd) => subjectBase({ cwd }, judge.paths));
}

/** A part's read-only verdict in every folder it may run in (see classifyReadOnlyIn). */
function partReadOnly(judge: Judge, part: ShellCommandPart): ReadOnlyVerdict {
  // Judged once per decision: a git command reads its repository's settings for this.
  let verdict = judge.readOnlyParts.get(part);
  if (verdict === undefined) {
    const words = allowForm(part).words;
    const verdicts = partFolders(judge, part).map((folder) => classifyReadOnlyIn(words, folder));
    // No folder left (each was ruled out: the part cannot run): its words say what it is.
    verdict = verdicts.find((each) => !each.readOnly) ?? verdicts[0] ?? classifyReadOnly(words);
    judge.readOnlyParts.set(part, verdict);
  }
  return verdict;
}

/** Why a part whose words only read is still not read-only where it runs, if that is the reason. */
function partFolderProblem(judge: Judge, part: ShellCommandPart): string | undefined {
  if (!classifyReadOnly(allowForm(part).words).readOnly) return undefined;
  const here = partReadOnly(judge, part);
  return here.readOnly ? undefined : `${part.source}: ${here.reason}`;
}

/** Whether a subject only reads (plan mode lets it through). */
function isReadOnlySubject(judge: Judge, subject: Subject): boolean {
  if (subject.kind === "path") return subject.access === "read";
  if (subject.kind === "tool") return judge.tool.isReadOnly(judge.input);
  if (subject.part.mentionedOnly) return true;
  const form = allowForm(subject.part);
  if (form.unsafeAssignment !== undefined || form.viaXargs || (subject.part.unknownCode ?? []).length > 0) return false;
  if ((subject.part.touches ?? []).some((touch) => touch.access === "write")) return false;
  return partReadOnly(judge, subject.part).readOnly;
}

/** Why a command is asked when the analysis cannot follow it, as a person would say it. */
function cannotCheck(problem: string): string {
  return `toolshed cannot check this command: ${problem}`;
}

/** Where a path is, its last name not followed when it is a symlink: the link in its real folder. */
function linkItself(forms: PathForms): string[] {
  const folder = isSymlink(forms.lexical) ? realPathOrUndefined(dirname(forms.lexical)) : undefined;
  return folder === undefined ? everyForm(forms) : [...new Set([forms.lexical, join(folder, basename(forms.lexical))])];
}

/**
 * The folders a glob empties: one that ends in segments of wildcards alone, for every name or every
 * hidden name (`*`, `?*`, `**`, `.[!.]*`, each maybe followed by `/`), removes all the folder before
 * them holds. That folder is the glob's fixed one (`~/?*`, `/etc/*`), or each folder the rest of it
 * matches now (`/e?c/*`, `./s?c/../*`); when that is not known, the fixed folder stands for them.
 */
function emptiedFolders(subject: PathSubject, forms: PathForms, context: PathContext): string[] {
  const value = subject.word.value.replace(/["']/g, "");
  const segments = value.split("/");
  let keep = segments.length;
  while (keep > 0 && (segments[keep - 1] === "" || matchesEveryEntry(segments[keep - 1] as string))) keep--;
  if (!segments.slice(keep).some((segment) => segment !== "")) return [];
  const folder = segments.slice(0, keep).join("/") || (value.startsWith("/") ? "/" : ".");
  const base = subjectBase(subject, context);
  const matched = (pattern: string) => {
    const expansion = base === undefined ? undefined : expandShellGlob(pattern, base);
    return base === undefined || expansion === undefined || expansion.kind === "unknown" ? undefined : expansion.paths.flatMap((path) => everyForm(pathForms(path, base)));
  };
  const emptied = /[*?[]/.test(folder) ? (matched(folder) ?? everyForm(forms)) : everyForm(forms);
  // `src/*/*` empties each folder `src/*` matches too: a link among them, where it leads.
  const trimmed = value.replace(/\/+$/, "");
  const inner = trimmed.slice(0, Math.max(0, trimmed.lastIndexOf("/")));
  return inner !== "" && inner !== folder && /[*?[]/.test(inner) ? [...emptied, ...(matched(inner) ?? [])] : emptied;
}

/** A relative removal of the folder it runs in, or of all it holds: `.`, `./`, `*`, `./*`, `?*`. */
function emptiesWhereItRuns(subject: PathSubject): boolean {
  const segments = subject.word.value.replace(/["']/g, "").split("/").filter((segment) => segment !== "" && segment !== ".");
  return segments.length === 0 || (subject.word.glob && segments.length === 1 && matchesEveryEntry(segments[0] as string));
}

/**
 * Whether a removal empties a folder only known when it runs: bare wildcards alone (`*`, `.[!.]*`)
 * after a folder whose last name expands something (`"$X"/*`, `build/$X/*`, `$(cmd)/*`), or after
 * expansions alone (`"$X"*`, which is `*` or `/*` for some X). Not a quoted `"$X/*"` (one file)
 * or `"$X"/build/*` (a folder called build).
 */
function emptiesDynamicFolder(subject: PathSubject): boolean {
  if (subject.word.literal || !subject.word.glob) return false;
  // A `${NAME:?}` is never empty (`"${X:?}"/*` is the careful way to write it), unless a `..` climbs out of it.
  const bare = bareCharacters(subject.word.value);
  const named = quotedRequiredAsNames(subject.word.value);
  const climbs = /(?:^|\/)\.\.(?:\/|$)/.test(bare);
  return emptiesFolderOf(named === subject.word.value ? bare : bareCharacters(named)) || (climbs && named !== subject.word.value && emptiesFolderOf(bare));
}

/** emptiesDynamicFolder's test on a word's bare characters. */
function emptiesFolderOf(bare: string): boolean {
  const segments = bare.split("/");
  // Wildcards alone (and `.` or `..` among them: `"$X"/./*`, `"$X"/../*`) after the folder.
  let keep = segments.length;
  while (keep > 0 && (/^\.{0,2}$/.test(segments[keep - 1] as string) || matchesEveryEntry(segments[keep - 1] as string))) keep--;
  if (keep > 0 && keep < segments.length && /[$`]/.test(segments[keep - 1] as string) && segments.slice(keep).some((segment) => matchesEveryEntry(segment))) return true;
  const last = segments.findLast((segment) => segment !== "") ?? "";
  const wildcards = /^(.*?)([*?[].*)$/.exec(last);
  return wildcards !== null && EXPANSIONS_ONLY.test(wildcards[1] as string) && matchesEveryName(wildcards[2] as string);
}

/** The program a part runs past its wrappers and xargs (`sudo rm`, `xargs rm` are rm), its words, and whether xargs appends more. */
function removerOf(part: ShellCommandPart | undefined): { name: string; words: readonly ShellWord[]; appended: boolean } | undefined {
  const asRun = part === undefined ? undefined : programWordsAsRun(part);
  const words = asRun === undefined ? [] : asRun.words.slice(programStarts(asRun.words).at(-1) ?? 0);
  const first = words[0];
  return first === undefined ? undefined : { name: basename(first.value), words, appended: asRun?.filler?.appended === true };
}

/**
 * Why a removal of `spelled` (a word whose expansions were emptied) removes nothing critical
 * whatever the folder: rm without -r, -R or -d (before any `--`, and no other word only known when
 * it runs) removes no folder; rm, rmdir and mv refuse `.` and `..` as the last name (`./"$X"`,
 * `src/../"$X"`); rm and rmdir refuse the root folder (but for --no-preserve-root, and when a
 * command's output, which need not be empty, was taken away). Only for a word the remover is given itself: what a search finds below a start folder (`find "$X"/
 * -exec rm -rf {} +`) is removed whatever rm refuses of the start folder.
 */
function refusedAnyway(subject: PathSubject, spelling: EmptiedSpelling, path: string): boolean {
  const remover = removerOf(subject.part);
  if (remover === undefined || !remover.words.includes(subject.word)) return false;
  const { name, words, appended } = remover;
  // An expansion outside quotes may split into other words (`./$f` is `./x /root` for f="x /root"): nothing is refused then.
  if (hasUnquotedExpansion(subject.word.value)) return false;
  const end = words.findIndex((word) => word.value === "--");
  const options = words.slice(1, end === -1 ? undefined : end).filter((word) => word.literal && word.value.startsWith("-"));
  // Without -r (GNU takes `--rec` for --recursive), and only when no other word may be one: one
  // known only when it runs (`rm $FLAGS ~/"$X"`), or what xargs appends.
  const long = (option: string, whole: string) => option.length >= 3 && whole.startsWith(option);
  const recursive = options.some((word) => /^-[^-]*[rRd]/.test(word.value) || long(word.value, "--recursive") || long(word.value, "--dir"));
  if (name === "rm" && !recursive && !appended && words.every((word) => word.literal || word === subject.word)) return true;
  if (["rm", "rmdir", "mv"].includes(name) && /(?:^|\/)\.\.?\/*$/.test(spelling.spelled)) return true;
  return path === "/" && ["rm", "rmdir"].includes(name) && !spelling.substituted && !options.some((word) => word.value === "--no-preserve-root");
}

/**
 * The critical folder a removal's word names were its expansions that may be empty empty, and why
 * it is critical: not a top-level folder that is not there (`"$OUT"/build` where there is no
 * `/build`), nor a word that is then empty (`rm -rf "$X"` removes nothing), nor what the remover
 * refuses anyway (see refusedAnyway). Where it runs is not known (`cd "$X" && find ./"$Y" -delete`),
 * the word naming that folder itself counts as a working folder would.
 */
function criticalWereExpansionsEmpty(judge: Judge, subject: PathSubject): { path: string; reason: string } | undefined {
  // What xargs may fill in with nothing stands as a parameter that may be empty.
  const text = subject.emptyFill === undefined ? subject.word.value : subject.word.value.replaceAll(subject.emptyFill, "${_}");
  const spelling = spelledWithEmptyExpansions(text, judge.paths.home);
  if (spelling === undefined || spelling.spelled === "") return undefined;
  const base = subjectBase(subject, judge.paths);
  const here = spelling.spelled.startsWith(HERE);
  if (base === undefined && (here || !spelling.spelled.startsWith("/"))) {
    // The folder it runs in, itself: `$PWD` as it is, a relative word only when rm would not refuse its `.`.
    const itself = resolve("/", here ? spelling.spelled.slice(1) : spelling.spelled) === "/" && (here || !refusedAnyway(subject, spelling, "."));
    return itself ? { path: "the folder it runs in", reason: "a folder only known when it runs, which may be any" } : undefined;
  }
  if (here) spelling.spelled = base + spelling.spelled.slice(1);
  const path = resolve(base ?? "/", spelling.spelled);
  // Below a name only known when it runs (`~/"${X:?}$Y"`): no critical folder.
  if (path.includes("\u0000")) return undefined;
  if (path !== "/" && dirname(path) === "/" && !existsSync(path)) return undefined;
  if (refusedAnyway(subject, spelling, path)) return undefined;
  for (const form of everyForm(pathForms(path, base ?? "/"))) {
    const reason = criticalRemovalReason(form, { home: judge.paths.home, workingDirectories: judge.paths.workingDirectories });
    if (reason !== undefined) return { path: form, reason };
  }
  return undefined;
}

/** The checks no mode can skip: removal of critical paths, writes to protected paths, unknown syntax. */
function unskippable(judge: Judge, subject: Subject): Verdict | undefined {
  if (subject.kind === "command" && subject.part.problems.length > 0) {
    return { decision: "ask", reason: cannotCheck(subject.part.problems[0] as string) };
  }
  if (subject.kind !== "path") return undefined;
  const resolved = judge.resolved.get(subject);
  const forms = resolved?.forms;
  const expansions = resolved?.expansions ?? [];
  // Everything in a folder not known (`cd "$X" && rm -rf *`, `sudo -D / find . -delete`) may be a critical folder's.
  if (subject.removal && forms === undefined && resolved?.unknown !== undefined && !subject.word.value.startsWith("/") && emptiesWhereItRuns(subject)) {
    return { decision: "ask", reason: `${subject.label} removes everything in a folder only known when it runs (${resolved.unknown})` };
  }
  // Everything in a folder a variable or command names (`rm -rf "$X"/*`): empty, it is the root's everything.
  if (subject.removal && subject.unplaced && emptiesDynamicFolder(subject)) {
    return { decision: "ask", reason: `${subject.label} removes everything in a folder only known when it runs; were a variable or command output in it empty, that could be the root folder or the one it runs in` };
  }
  // A folder the word names were the variables or command output in it empty (`rm -rf ~/"$X"`, `/etc/$X`, `"$PWD/$X"`).
  if (subject.removal && subject.unplaced) {
    const critical = criticalWereExpansionsEmpty(judge, subject);
    if (critical !== undefined) {
      return { decision: "ask", reason: `${subject.label} would remove ${critical.path} were the variables or command output in it empty (${critical.reason}); \${NAME:?} stops the command instead when NAME is empty` };
    }
  }
  // Also for a removal only mentioned (past a wrapper: `sudo rm -rf /`).
  if (subject.removal && forms !== undefined) {
    // A glob removes what it matches, not the folder it matches in (`rm *.o` leaves the working folder
    // be); wildcards alone empty that folder (`rm -rf ~/*`, `~/?*`, `~/.[!.]*`, `cd /etc && rm -rf ./*`), as good as removing it.
    // A link removed or moved itself (`mv link x`, no trailing /) is the link, wherever it leads; not
    // through `.` or `..` (`link/../etc` is where the link leads, then up).
    const linkAlone = subject.linkAlone === true && !/\/\.?$/.test(subject.word.value) && !/(?:^|\/)\.\.?(?:\/|$)/.test(subject.word.value.replace(/^(?:\.\/+)+/, ""));
    const removed = (each: PathForms) => (linkAlone ? linkItself(each) : everyForm(each));
    // What mv takes from a folder into a folder inside it leaves it no emptier (`mv * old/`).
    const emptied = subject.word.glob ? emptiedFolders(subject, forms, judge.paths).filter((folder) => !movedWithin(subject, folder, judge.paths, judge.soleMove)) : [];
    for (const path of [...(subject.word.glob ? emptied : removed(forms)), ...expansions.flatMap(removed)]) {
      const reason = criticalRemovalReason(path, { home: judge.paths.home, workingDirectories: judge.paths.workingDirectories });
      if (reason !== undefined && subject.mayEmpty === true) return { decision: "ask", reason: `${subject.label} may remove nearly everything in ${path}, whose tests may keep little: ${reason}` };
      if (reason !== undefined) return { decision: "deny", reason: `${subject.label} would remove ${path}: ${reason}` };
    }
  }
  // A removal through a symlink the command makes first may reach anything (`ln -s ~ h; rm -rf h/*`).
  if (subject.removal && resolved?.throughNewLink !== undefined) {
    return { decision: "ask", reason: `${subject.label} removes through ${resolved.throughNewLink.word.value}, which "${resolved.throughNewLink.by}" makes a link first, so what it removes is only known when it runs` };
  }
  if (subject.mentionedOnly) return mentionedProtectedPath(judge, subject);
  if (forms?.invalid !== undefined) return { decision: "ask", reason: `${subject.label}: ${forms.invalid}` };
  if (subject.access === "write" && judge.mode !== "bypassPermissions" && forms !== undefined) {
    // Every spelling, and every path a glob reaches (`.gi?/hooks/` lands in .git).
    const reason = [...everyForm(forms), ...expansions.flatMap(everyForm)].map((path) => protectedPathReasonIn(path, judge.paths.gitFolders)).find((found) => found !== undefined) ??
      (subject.word.glob ? protectedGlobReason(subject.word.value) : undefined);
    if (reason !== undefined) return { decision: "ask", reason: `${subject.label} writes a protected path, which no allow rule can approve: ${reason}`, suggestion: undefined };
  }
  return undefined;
}

/**
 * A protected path named in the arguments of a command that may write (`git clone url .git/hooks`,
 * `npm install --prefix ~/.bashrc`): which arguments such a program writes is not known, and no
 * allow rule may approve a write to a protected path, so it is asked.
 */
function mentionedProtectedPath(judge: Judge, subject: PathSubject): Verdict | undefined {
  const part = subject.part;
  if (part === undefined || part.mentionedOnly || judge.mode === "bypassPermissions" || isReadOnlySubject(judge, { kind: "command", part })) return undefined;
  const forms = judge.resolved.get(subject)?.forms;
  if (forms === undefined || forms.invalid !== undefined) return undefined;
  const reason = everyForm(forms).map((path) => protectedPathReasonIn(path, judge.paths.gitFolders)).find((found) => found !== undefined);
  return reason === undefined ? undefined : { decision: "ask", reason: `${part.source} may write a protected path, which no allow rule can approve: ${reason}` };
}

/** True when the path, or anything its glob expands to, is a file with other hard links. */
function isHardLinked(resolved: ResolvedPath): boolean {
  return resolved.forms?.hardLinked === true || (resolved.expansions ?? []).some((forms) => forms.hardLinked);
}

/** acceptEdits: file edits and simple file commands inside the working folders. */
function acceptsEdit(judge: Judge, subject: Subject): boolean {
  if (subject.kind === "tool") return judge.hasPath && !judge.tool.isReadOnly(judge.input);
  if (subject.kind === "command") {
    const form = allowForm(subject.part);
    return form.unsafeAssignment === undefined && !form.viaXargs && (subject.part.unknownCode ?? []).length === 0 &&
      (partReadOnly(judge, subject.part).readOnly || "paths" in classifyFileCommand(form.words));
  }
  if (subject.access !== "write") return false;
  const resolved = judge.resolved.get(subject);
  return resolved !== undefined && !isHardLinked(resolved) && isInsideWorkingFolders(resolved, judge.paths);
}

/**
 * A file a command part reads or writes, covered by the allow rule naming that part: `Bash(touch *)`
 * is the person's permission for touch's own writes inside the working folders (never outside,
 * never through a hard link, never a protected path: those were judged before).
 */
function partRuleCovers(judge: Judge, subject: Subject): Verdict | undefined {
  if (subject.kind !== "path" || subject.part === undefined || subject.mentionedOnly) return undefined;
  const resolved = judge.resolved.get(subject);
  if (resolved === undefined || isHardLinked(resolved) || !isInsideWorkingFolders(resolved, judge.paths)) return undefined;
  const rule = judge.rules.find((candidate) => candidate.behavior === "allow" && candidate.ruleContent !== undefined &&
    ruleMatchesSubject({ rule: candidate, subject: { kind: "command", part: subject.part as ShellCommandPart }, tool: judge.tool, input: judge.input, families: judge.families, resolved: judge.resolved, paths: judge.paths }));
  if (rule === undefined) return undefined;
  return { decision: "allow", reason: `${formatRule(rule)} allows ${subject.part.source}, and with it its own ${subject.access === "write" ? "writes" : "reads"} inside the working folders`, rule };
}

/** Where a path leads, as a person reads it: the path, and where its links take it when that differs. */
function placeOf(resolved: ResolvedPath | undefined, written: string, glob = false): string {
  const forms = resolved?.forms;
  if (forms === undefined) return written;
  if (glob) {
    const matches = resolved?.expansions ?? [];
    const outside = matches.find((each) => each.canonical !== each.lexical);
    const shown = matches.length === 0 ? "which matches nothing yet" : `which matches ${matches.length === 1 ? (matches[0] as PathForms).lexical : `${matches.length} paths`}`;
    return `${written} (${shown}${outside === undefined ? "" : `; ${outside.lexical} leads to ${outside.canonical}`})`;
  }
  const elsewhere = [forms.canonical, ...(resolved?.expansions ?? []).map((each) => each.canonical)].find((path) => path !== forms.lexical && !path.startsWith(`${forms.lexical}/`));
  return elsewhere === undefined ? forms.lexical : `${forms.lexical} (which leads to ${elsewhere})`;
}

/** The allow-side of one subject: allow rules, then the tool's own check and the read-only default. */
function allowSide(judge: Judge, subject: Subject): Verdict {
  // A tool that asks for this call specifically (an address on this machine's own network) is
  // answered only by a rule that names the call's subject, not by one allowing the whole tool.
  const specificOnly = subject.kind === "tool" && judge.own.behavior === "ask" && judge.own.specificRuleOnly === true;
  // ...and when the call found out more than any earlier question said, only a rule the person wrote.
  const writtenOnly = specificOnly && judge.own.behavior === "ask" && judge.own.writtenRulesOnly === true;
  const allow = findRule(judge, "allow", subject, !specificOnly, !writtenOnly);
  const resolved = subject.kind === "path" ? judge.resolved.get(subject) : undefined;
  if (allow !== undefined && !(subject.kind === "path" && subject.access === "write" && resolved !== undefined && isHardLinked(resolved))) {
    return { decision: "allow", reason: `${formatRule(allow)} allows it`, rule: allow };
  }
  const ownWrite = partRuleCovers(judge, subject);
  if (ownWrite !== undefined) return ownWrite;
  if (subject.kind === "tool") {
    const own = judge.own;
    if (own.behavior === "deny") return { decision: "deny", reason: own.reason };
    if (own.behavior === "ask") return { decision: "ask", reason: own.reason, suggestion: suggestToolRule(judge.tool, subject), ...(writtenOnly ? { answerHoldsOnce: true } : {}) };
    if (own.behavior === "allow") return { decision: "allow", reason: own.reason ?? `${judge.tool.name} allowed this call` };
    if (judge.hasPath) return { decision: "allow", reason: "judged by the path it reads or writes" };
    if (judge.tool.isReadOnly(judge.input)) return { decision: "allow", reason: "read-only call" };
    return { decision: "ask", reason: `${judge.tool.name} can make changes`, suggestion: suggestToolRule(judge.tool, subject) };
  }
  if (subject.kind === "command") {
    if (isReadOnlySubject(judge, subject)) return { decision: "allow", reason: "a read-only command" };
    // A command read-only by its words but not where it runs says why (a repository's own git settings).
    const folderProblem = subject.part.mentionedOnly ? undefined : partFolderProblem(judge, subject.part);
    return { decision: "ask", reason: folderProblem ?? `${subject.part.source} is not a read-only command`, suggestion: suggestCommandRule(judge.tool.name, subject.part) };
  }
  const suggestion = resolved?.forms === undefined ? undefined : subject.word.glob
    ? suggestPathRule(pathRuleName(judge, subject.access), resolve(subjectBase(subject, judge.paths) ?? judge.paths.cwd, subject.word.value), judge.paths.cwd, true)
    : suggestPathRule(pathRuleName(judge, subject.access), resolved.forms.lexical, judge.paths.cwd);
  // No allow rule places a path only known when the command runs.
  if (resolved?.unknown !== undefined) return { decision: "ask", reason: resolved.unknown };
  if (subject.access === "read") {
    const linked = [resolved?.forms, ...(resolved?.expansions ?? [])].find((forms) => forms?.hardLinked);
    if (linked !== undefined) {
      return { decision: "ask", reason: `${describe(subject, judge.tool)} reads ${linked.lexical}, a file with other hard links that may lie outside the working folders`, suggestion };
    }
    if (isInsideWorkingFolders(resolved ?? { denyOnly: [] }, judge.paths)) {
      const leak = subject.followsLinks && resolved?.forms?.isDirectory ? linkLeadingOutside(resolved.forms.lexical, judge.paths.workingDirectories.map(judge.paths.canonical), judge.paths) : { kind: "none" as const };
      if (leak.kind === "none") return { decision: "allow", reason: "a read inside the working folders" };
      const where = leak.kind === "found" ? `the link ${leak.path}, which leads to ${judge.paths.canonical(leak.path)}` : "links it cannot all check";
      return { decision: "ask", reason: `${describe(subject, judge.tool)} follows links, and reads outside the working folders through ${where}`, suggestion };
    }
    if (isInsideWorkingFolders(resolved ?? { denyOnly: [] }, judge.paths, judge.paths.readableDirectories)) {
      return { decision: "allow", reason: "a read of output this session saved for reading" };
    }
    return { decision: "ask", reason: `${describe(subject, judge.tool)} reads ${placeOf(resolved, subject.word.value, subject.word.glob)}, outside the working folders`, suggestion };
  }
  if (resolved !== undefined && isHardLinked(resolved)) {
    // No rule can approve it, so none is suggested, and an answer holds for this call only.
    return {
      decision: "ask",
      reason: `${describe(subject, judge.tool)} writes ${placeOf(resolved, subject.word.value, subject.word.glob)}, a file with other hard links: its other names cannot be seen from here (one may be a protected file such as a git hook, or lie outside the working folders), so no allow rule approves this write and it is asked every time`,
      answerHoldsOnce: true,
    };
  }
  return { decision: "ask", reason: `${describe(subject, judge.tool)} writes ${placeOf(resolved, subject.word.value, subject.word.glob)}`, suggestion };
}

/** Judges one subject in the spec's order. */
function judgeSubject(judge: Judge, subject: Subject): Verdict {
  const deny = findRule(judge, "deny", subject);
  if (deny !== undefined) return { decision: "deny", reason: `${formatRule(deny)} denies ${describe(subject, judge.tool)}`, rule: deny };
  const view = { ...judge, label: describe(subject, judge.tool) };
  const linkedDeny = hardLinkVerdict(view, subject, "deny");
  if (linkedDeny !== undefined) return linkedDeny;
  const ask = findRule(judge, "ask", subject);
  if (ask !== undefined) return { decision: "ask", reason: `${formatRule(ask)} asks before ${describe(subject, judge.tool)}`, rule: ask };
  const linkedAsk = hardLinkVerdict(view, subject, "ask");
  if (linkedAsk !== undefined) return linkedAsk;
  // A command found in code the analysis cannot read only meets deny and ask rules.
  if (subject.kind === "command" && subject.part.mentionedOnly) return { decision: "allow", reason: "only mentioned" };
  const unplaced = unknownPathVerdict(view, subject) ?? recursiveReadVerdict(view, subject) ?? unknownCodeVerdict(view, subject) ?? unknownProgramVerdict(judge, subject);
  const fixed = unskippable(judge, subject);
  // A removal no mode may run (`rm -rf /`) stays denied, whatever else would only be asked.
  if (fixed?.decision === "deny") return fixed;
  if (unplaced !== undefined) return unplaced;
  if (fixed !== undefined) return fixed;
  if (subject.kind === "path" && subject.mentionedOnly) return { decision: "allow", reason: "only mentioned" };
  if (judge.mode === "plan" && !isReadOnlySubject(judge, subject)) {
    return { decision: "deny", reason: `plan mode allows no changes, and ${describe(subject, judge.tool)} would make one` };
  }
  if (judge.hookAllowed) {
    // A hook's allow still faces plan mode and the tool's own refusal; it skips the allow rules
    // and the default ask (and dontAsk's deny, which only replaces asking).
    if (subject.kind === "tool" && judge.own.behavior === "deny") return { decision: "deny", reason: judge.own.reason };
    return { decision: "allow", reason: "a PreToolUse hook allowed it" };
  }
  if (judge.mode === "bypassPermissions") return { decision: "allow", reason: "permission mode bypassPermissions" };
  if (judge.mode === "acceptEdits" && acceptsEdit(judge, subject)) {
    return { decision: "allow", reason: "acceptEdits mode allows file edits inside the working folders" };
  }
  return allowSide(judge, subject);
}

/** A part whose program is only known when it runs cannot be shown to keep to a deny or ask rule about commands: asked in every mode. */
function unknownProgramVerdict(judge: Judge, subject: Subject): Verdict | undefined {
  if (subject.kind !== "command" || judge.programs === undefined) return undefined;
  const why = judge.programs.unknown.get(subject.part);
  if (why === undefined) return undefined;
  const rule = judge.programs.rule;
  return { decision: "ask", reason: `${why}, so toolshed cannot show that ${formatRule(rule)} holds for it`, rule };
}

/** Deny and ask rules tried against rough pieces of a command the parser did not fully understand. */
function fallbackVerdict(judge: Judge, forms: readonly string[]): Verdict | undefined {
  for (const behavior of ["deny", "ask"] as const) {
    const rule = judge.rules.find((candidate) => candidate.behavior === behavior &&
      (isFamilyName(judge.families, "shellCommands", candidate.toolName) || matchToolName(candidate.toolName, judge.tool)) &&
      candidate.ruleContent !== undefined &&
      forms.some((form) => matchCommandPattern(candidate.ruleContent as string, form)));
    if (rule !== undefined) {
      return { decision: behavior, reason: `${formatRule(rule)} ${behavior === "deny" ? "denies" : "asks before"} a command found in text the parser could not fully read`, rule };
    }
  }
  return undefined;
}

const RANK: Record<Decision, number> = { allow: 0, ask: 1, deny: 2 };

/** The first thing the parser could not fully read, anywhere in the command. */
function firstProblem(analysis: ShellAnalysis): string | undefined {
  return analysis.problems[0] ?? analysis.parts.find((part) => part.problems.length > 0)?.problems[0];
}

/** Decides whether a validated call may run: allow, ask or deny, with the reason and rule. */
export async function decide({ tool, input, context, hookVerdict }: DecideRequest): Promise<PermissionDecision> {
  const hooks: PreToolUseVerdict = hookVerdict ?? NO_VERDICT;
  if (hooks.opinion === "deny" && hooks.by !== undefined) return hookDenial(hooks, hooks.by, tool);
  const { decision } = await judgeCall(tool, input, context, hooks);
  return applyHookVerdict(decision, hooks, context.getAppState().toolPermissionContext.mode, tool);
}

const NO_VERDICT: PreToolUseVerdict = { warnings: [] };

/**
 * The denial a deny rule gives a call that is not validated yet, or undefined when no deny rule
 * meets it. Nothing a later stage does can lift such a denial (a hook's allow still faces the deny
 * rules), so the pipeline skips the tool's own checks for it: a check that looks at the file
 * system first would tell the model whether a path it may not touch exists.
 */
export async function denyRuleVerdict({ tool, input, context }: Omit<DecideRequest, "hookVerdict">): Promise<PermissionDecision | undefined> {
  if (!context.getAppState().toolPermissionContext.rules.some((rule) => rule.behavior === "deny")) return undefined;
  const { decision, deniedByRule } = await judgeCall(tool, input, context, NO_VERDICT);
  return deniedByRule ? decision : undefined;
}

/** Every subject judged and combined, before a hook's opinion is applied; and whether a deny rule met any of them. */
async function judgeCall(tool: AnyTool, input: { [key: string]: unknown }, context: ToolUseContext, hooks: PreToolUseVerdict): Promise<{ decision: PermissionDecision; deniedByRule: boolean }> {
  const permissionContext = context.getAppState().toolPermissionContext;
  const { rules, mode, families } = permissionContext;
  const paths = createPathContext({
    cwd: context.cwd,
    // A shell command starts where the session's shell is, which an earlier call's `cd` may have moved.
    shellCwd: () => context.services.shell.cwd,
    home: process.env.HOME ?? "/",
    workingDirectories: [...context.workingDirectories, ...permissionContext.additionalDirectories],
    readableDirectories: readableSessionFolders(context.sessionDirectory),
  });
  const plan = await planCall(tool, input);
  // The rough forms of each command the parser could not fully read, made once for its words and its rules.
  const roughForms = new Map<ShellAnalysis, string[]>();
  for (const analysis of plan.analyses) {
    if (firstProblem(analysis) === undefined) continue;
    const forms = fallbackCommandForms(analysis.command);
    roughForms.set(analysis, forms);
    // Text the parser could not fully read: its rough words still meet every read and write deny or ask rule.
    // Placed where the shell starts and in every folder a rough `cd` may take it to.
    const folders: KnownCwd[] = [{ kind: "start" }, ...fallbackFolders(forms).map((path): KnownCwd => ({ kind: "changed", path }))];
    for (const word of fallbackWords(analysis.command).flatMap(mentionedSpellings)) {
      for (const cwd of folders) {
        plan.subjects.push({ kind: "path", access: "read", word: { value: word, literal: true, glob: /[*?[]/.test(word) }, cwd,
          label: `text the parser could not fully read (mentions ${word})`, fromTool: false, mentionedOnly: true });
      }
    }
  }
  // A folder the shell only goes to when another is missing (`cd link/../x`), while that one is there: not where it runs.
  // Only while nothing in the command can move or remove a folder first (`mv x y; cd x` fails).
  const foldersStay = plan.analyses.every((analysis) => readOnlyProblem(analysis) === undefined);
  if (foldersStay) plan.subjects = plan.subjects.filter((subject) => subject.kind !== "path" || !ruledOut(subject.cwd, paths));
  const resolved = new Map<PathSubject, ResolvedPath>();
  for (const subject of plan.subjects) if (subject.kind === "path") resolved.set(subject, resolvePathSubject(subject, paths));
  const hasPath = plan.subjects.some((subject) => subject.kind === "path" && subject.fromTool);
  const own = plan.analyses.length === 0 ? await tool.checkPermissions(input, context) : { behavior: "passthrough" as const };
  const alsoNamed = tool.ruleNamesFor?.(input as never, context) ?? [];
  const judge: Judge = { tool, input, rules, families, mode, paths, resolved, own, hasPath, hookAllowed: hooks.opinion === "allow", foldersStay, readOnlyParts: new Map(), alsoNamed, soleMove: soleMovePart(plan.analyses) };
  judge.programs = programsOf(judge, plan.subjects);

  const verdicts: { subject?: Subject; verdict: Verdict; label: string }[] = plan.subjects.map((subject) => ({
    subject,
    verdict: judgeSubject(judge, subject),
    label: describe(subject, tool),
  }));
  for (const analysis of plan.analyses) {
    const problem = firstProblem(analysis);
    const forms = roughForms.get(analysis);
    if (problem !== undefined && forms !== undefined) {
      const fallback = fallbackVerdict(judge, forms);
      verdicts.unshift({ verdict: fallback ?? { decision: "ask", reason: cannotCheck(problem) }, label: analysis.command });
    }
    if (analysis.parts.length === 0 && analysis.problems.length === 0) {
      verdicts.push({ verdict: { decision: "ask", reason: "the command has nothing to run" }, label: analysis.command });
    }
  }
  const deniedByRule = verdicts.some(({ verdict }) => verdict.decision === "deny" && verdict.rule?.behavior === "deny");
  return { decision: combine(verdicts, mode, tool), deniedByRule };
}

/** What each command part runs, when a deny or ask rule about commands is in force (see programIdentity.ts). */
function programsOf(judge: Judge, subjects: readonly Subject[]): ProgramIdentities | undefined {
  const rules = commandRules(judge.rules, judge.families, judge.tool);
  const parts = subjects.flatMap((subject) => (subject.kind === "command" ? [subject.part] : []));
  if (rules.length === 0 || parts.length === 0) return undefined;
  // What the command writes (a program there may be replaced before it runs); not what only changes a file's mode.
  const written = new Set<string>();
  // Which parts write each name: a launcher's own arguments (`npx rimraf dist`) do not replace what it runs.
  const namesWritten = new Map<string, (ShellCommandPart | undefined)[]>();
  const wrote = (path: string, part: ShellCommandPart | undefined) => {
    written.add(path);
    namesWritten.set(basename(path), [...(namesWritten.get(basename(path)) ?? []), part]);
  };
  for (const subject of subjects) {
    if (subject.kind !== "path" || subject.access !== "write" || subject.mentionedOnly) continue;
    if (subject.part !== undefined && changesModesOnly(subject.part)) continue;
    // A glob writes what it expands to now (matching nothing, the shell hands its text on as the name);
    // one that could not be expanded, anything in its fixed folder.
    const resolved = judge.resolved.get(subject);
    for (const forms of resolved?.expansions ?? (resolved?.forms === undefined ? [] : [resolved.forms])) {
      for (const path of everyForm(forms)) wrote(path, subject.part);
    }
  }
  // A checkout, a patch or an unpacked archive may replace any file in the folders it changes whole (not a mode change).
  for (const part of parts) {
    if (part.mentionedOnly || changesModesOnly(part)) continue;
    const base = subjectBase({ cwd: part.cwd }, judge.paths);
    for (const folder of part.wholeFolders ?? []) {
      if (folder.access === "write" && folder.word.literal && base !== undefined) wrote(resolve(base, folder.word.value), part);
    }
  }
  // A program that copies, moves or checks out files names a program's file in a way no path says
  // exactly (`cp x "$PWD/build.sh"`, `xargs -I{} cp {} build.sh`, `git checkout rev -- build.sh`).
  const namedByChangers = new Map<string, ShellCommandPart[]>();
  for (const subject of subjects) {
    if (subject.kind !== "command" || subject.part.mentionedOnly || !changesFilesByName(subject.part)) continue;
    for (const word of subject.part.words.slice(1)) {
      const name = word.value.slice(word.value.lastIndexOf("/") + 1).replace(/["'}]+$/, "");
      if (name !== "") namedByChangers.set(name, [...(namedByChangers.get(name) ?? []), subject.part]);
    }
  }
  return identifyPrograms({ parts, rules, paths: judge.paths, written, namesWritten, namedByChangers });
}

/** True when the part's program only changes files' modes or times (chmod, touch), not what they run. */
function changesModesOnly(part: ShellCommandPart): boolean {
  return isModeChanger(basename(allowForm(part).words[0]?.value ?? ""));
}

/** Programs that put files in place under names their arguments give (possibly spelled so no path shows it). */
const FILE_PLACERS = new Set(["cp", "mv", "install", "ln", "rsync", "git", "unzip", "patch", "dd", "tee", "curl", "wget", "scp", "tar"]);

/** True when the part runs one of FILE_PLACERS (after its wrappers and any xargs). */
function changesFilesByName(part: ShellCommandPart): boolean {
  return programStarts(part.words).some((index) => {
    const value = part.words[index]?.value ?? "";
    return FILE_PLACERS.has(value.slice(value.lastIndexOf("/") + 1));
  });
}

function combine(verdicts: { subject?: Subject; verdict: Verdict; label: string }[], mode: PermissionMode, tool: AnyTool): PermissionDecision {
  let worst = verdicts[0];
  for (const entry of verdicts) if (worst === undefined || RANK[entry.verdict.decision] > RANK[worst.verdict.decision]) worst = entry;
  const parts: PartDecision[] = verdicts
    .filter((entry) => !(entry.verdict.decision === "allow" && (
      (entry.subject?.kind === "path" && entry.subject.mentionedOnly) || (entry.subject?.kind === "command" && entry.subject.part.mentionedOnly))))
    .map(({ verdict, label }) => ({
      command: label,
      decision: verdict.decision,
      reason: verdict.reason,
      rule: verdict.rule ? formatRule(verdict.rule) : undefined,
      source: verdict.rule?.source,
    }));
  if (worst === undefined) return { decision: "ask", reason: `${tool.name} has nothing to judge`, parts };
  // Suggest rules only when adding them would allow the call: every asking part must have one.
  const asking = verdicts.filter((entry) => entry.verdict.decision === "ask");
  const complete = asking.every((entry) => entry.verdict.suggestion !== undefined);
  const suggestions = complete ? [...new Set(asking.flatMap((entry) => (entry.verdict.suggestion === undefined ? [] : [entry.verdict.suggestion])))] : [];
  const verdict = worst.verdict;
  const decision: PermissionDecision = {
    decision: verdict.decision,
    reason: verdict.reason,
    rule: verdict.rule ? formatRule(verdict.rule) : undefined,
    source: verdict.rule?.source,
    parts,
  };
  if (verdict.decision === "allow" && verdicts.length > 1) decision.reason = verdicts.every((entry) => entry.verdict.decision === "allow") ? "every part is allowed" : verdict.reason;
  if (verdict.decision === "ask") {
    decision.suggestedRule = suggestions[0];
    decision.suggestedRules = suggestions;
    if (asking.some((entry) => entry.verdict.answerHoldsOnce)) decision.answerHoldsOnce = true;
    if (mode === "dontAsk") {
      return { ...decision, decision: "deny", reason: `${verdict.reason} (dontAsk mode denies instead of asking)` };
    }
  }
  return decision;
}
