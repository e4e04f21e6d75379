/**
 * Mercurial runs commands from the settings it is given with `--config`: a `!` alias, hooks, the
 * editor, ssh and pager commands, merge and diff tools; `extensions.*` loads Python code.
 */
import { literalWord, noEffects, type ProgramEffects } from "./effects.ts";
import type { ShellWord } from "../types.ts";

/** `section.name` settings whose value hg runs as a shell command. */
const COMMAND_SETTINGS = /^(?:hooks\..+|ui\.(?:editor|ssh|merge)|pager\.pager|merge-tools\..+\.executable|extdiff\..+|diff-tools\..+\.executable|web\.(?:cmd|command))$/;

/** Reads an hg call (`words[0]` is hg). */
export function hgEffects(words: readonly ShellWord[]): ProgramEffects {
  const effects = noEffects();
  words.forEach((word, index) => {
    const setting = word.value === "--config" ? words[index + 1] : word.value.startsWith("--config=") ? literalWord(word.value.slice("--config=".length), word) : undefined;
    if (setting === undefined) return;
    if (!setting.literal) {
      effects.problems.push("hg --config is given a setting only known when it runs");
      return;
    }
    const equals = setting.value.indexOf("=");
    const key = (equals === -1 ? setting.value : setting.value.slice(0, equals)).trim().toLowerCase();
    const value = equals === -1 ? "" : setting.value.slice(equals + 1);
    if (key.startsWith("alias.")) {
      if (value.startsWith("!")) effects.runs.push({ text: value.slice(1), via: `hg --config ${key}` });
    } else if (COMMAND_SETTINGS.test(key)) {
      // A hook may also be Python (`python:module.function`), code the analysis does not read.
      if (value.startsWith("python:")) effects.unknown.push(`hg --config ${key} runs Python code the analysis does not read`);
      else if (value.trim() !== "") effects.runs.push({ text: value, via: `hg --config ${key}` });
    } else if (key.startsWith("extensions.") && /[/\\]|\.py$/.test(value)) {
      // An empty value (or `!`) turns on (or off) an extension hg ships or has installed; a path loads that file.
      effects.unknown.push(`hg --config ${key} loads an extension, Python code the analysis does not read`);
    }
  });
  return effects;
}
