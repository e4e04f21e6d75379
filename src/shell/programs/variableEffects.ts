/**
 * Environment variables that make programs run something: their value is a command (`PAGER`,
 * `EDITOR`, `GIT_SSH_COMMAND`, `LESSOPEN`, an exported function `BASH_FUNC_f%%`), a program
 * (`GIT_SSH`, `*_ASKPASS`), or code and settings the analysis cannot see (`BASH_ENV`, `ENV`,
 * `LD_PRELOAD`, `NODE_OPTIONS`, `PYTHONPATH`, `GIT_CONFIG_GLOBAL`, `PATH`, ...). Set in front of a
 * command, through `env`, or by `export`, they count wherever they are set.
 */
import { noEffects, type ProgramEffects } from "./effects.ts";
import { gitEnvironmentSettings } from "./gitEffects.ts";
import type { ShellAssignment } from "../types.ts";

/** Variables whose value is a command line some program hands to a shell. */
const COMMAND_VARIABLES = new Set([
  "PAGER", "GIT_PAGER", "MANPAGER", "SYSTEMD_PAGER", "BAT_PAGER", "DELTA_PAGER", "EDITOR", "VISUAL", "GIT_EDITOR", "GIT_SEQUENCE_EDITOR",
  "FCEDIT", "SUDO_EDITOR", "GIT_SSH_COMMAND", "BROWSER", "LESSEDIT", "PROMPT_COMMAND", "GIT_EXTERNAL_DIFF", "GIT_PROXY_COMMAND",
  "RSYNC_RSH", "CVS_RSH", "SVN_SSH", "NNN_OPENER", "CC", "CXX", "CPP", "LD", "AR", "MAKE",
]);
/** Variables whose value is a program that some program runs. */
const PROGRAM_VARIABLES = new Set(["GIT_SSH", "GIT_ASKPASS", "SSH_ASKPASS", "SUDO_ASKPASS"]);
/** Variables that load code, change which programs run, or point programs at settings the analysis cannot read. */
const CODE_VARIABLES = new Set([
  "BASH_ENV", "ENV", "SHELLOPTS", "BASHOPTS", "PS4", "PATH", "IFS", "GLOBIGNORE", "CDPATH", "BASH_XTRACEFD",
  "LD_PRELOAD", "LD_LIBRARY_PATH", "LD_AUDIT", "DYLD_INSERT_LIBRARIES", "DYLD_LIBRARY_PATH", "GCONV_PATH", "LOCPATH", "NLSPATH",
  "PYTHONSTARTUP", "PYTHONPATH", "PYTHONHOME", "PYTHONWARNINGS", "PYTHONINSPECT", "PYTHONBREAKPOINT", "PERL5OPT", "PERL5LIB", "PERLLIB", "PERL5DB",
  "RUBYOPT", "RUBYLIB", "NODE_OPTIONS", "NODE_PATH", "JAVA_TOOL_OPTIONS", "_JAVA_OPTIONS", "JDK_JAVA_OPTIONS", "CLASSPATH",
  "GIT_EXEC_PATH", "GIT_CONFIG_GLOBAL", "GIT_CONFIG_SYSTEM", "GIT_CONFIG", "GIT_DIR", "GIT_WORK_TREE", "GIT_COMMON_DIR", "GIT_TEMPLATE_DIR",
  "GIT_ALLOW_PROTOCOL", "LESSKEY", "LESSKEYIN", "LESSCLOSE", "MAKEFLAGS", "MAKEFILES", "MFLAGS", "TAR_OPTIONS", "WGETRC", "CURL_HOME",
  "SSH_CONFIG", "ZDOTDIR", "XDG_CONFIG_HOME", "HOME", "INPUTRC", "TERMINFO", "NPM_CONFIG_USERCONFIG",
]);
/** Prefixes of variable families that configure package managers and build tools (scripts, shells, registries). */
const CODE_PREFIXES = ["npm_config_", "NPM_CONFIG_", "YARN_", "PNPM_", "BUN_CONFIG_", "PIP_", "CARGO_", "RUSTC_WRAPPER", "GOFLAGS", "DOCKER_"];

/** Whether setting `name` can change what later commands run or where they go (PATH, HOME, CDPATH, IFS, EDITOR, ...). */
export function changesLaterCommands(name: string): boolean {
  return COMMAND_VARIABLES.has(name) || PROGRAM_VARIABLES.has(name) || CODE_VARIABLES.has(name) || name === "LESSOPEN" || name === "PWD" || name === "OLDPWD" ||
    name.startsWith("BASH_FUNC_") || CODE_PREFIXES.some((prefix) => name.startsWith(prefix));
}

/** What `assignments` (in front of a command, given to env, or exported) make programs run. */
export function variableEffects(assignments: readonly ShellAssignment[]): ProgramEffects {
  const effects = noEffects();
  for (const { name, value } of assignments) {
    const via = `the variable ${name}`;
    const functionName = /^BASH_FUNC_(.+?)(?:%%|\(\))$/.exec(name);
    if (functionName !== null) {
      // An exported function: bash defines it in every bash it starts, under that name.
      if (!value.literal) effects.problems.push(`${via} exports a function only known when it runs`);
      else effects.runs.push({ text: value.value.replace(/^\s*\(\s*\)\s*/, ""), via });
      effects.unknown.push(`${via} makes every bash it starts run its own "${functionName[1]}"`);
      continue;
    }
    if (COMMAND_VARIABLES.has(name) || name === "LESSOPEN") {
      if (!value.literal) effects.unknown.push(`${via} names a command only known when it runs`);
      else if (value.value.trim() !== "") {
        const text = name === "LESSOPEN" ? value.value.replace(/^\s*\|\|?-?/, "").replace(/%s/g, "x") : value.value;
        effects.runs.push({ text, via });
      }
      continue;
    }
    if (PROGRAM_VARIABLES.has(name)) {
      if (!value.literal) effects.unknown.push(`${via} names a program only known when it runs`);
      else if (value.value !== "") effects.runs.push({ words: [value], via });
      continue;
    }
    if (CODE_VARIABLES.has(name) || CODE_PREFIXES.some((prefix) => name.startsWith(prefix))) {
      effects.unknown.push(`${via} can make programs run code the analysis cannot see`);
    }
  }
  gitEnvironmentSettings(assignments, effects);
  return effects;
}
