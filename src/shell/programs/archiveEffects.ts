/**
 * Archivers that run programs named in their options (`tar --to-command`, `--use-compress-program`
 * / `-I`, `--checkpoint-action=exec=`, `--info-script` / `-F`, `--new-volume-script`,
 * `--rsh-command`; `zip -TT` / `--unzip-command`) and the folders and files they write.
 */
import { noEffects, type ProgramEffects } from "./effects.ts";
import { expandLong, readOptions, valuesOf } from "./readOptions.ts";
import type { ShellWord } from "../types.ts";

const TAR_VALUE_LONG = [
  "to-command", "use-compress-program", "checkpoint-action", "info-script", "new-volume-script", "rsh-command", "rmt-command",
  "directory", "file", "files-from", "exclude-from", "transform", "xform", "exclude", "owner", "group", "mode", "mtime", "newer",
  "after-date", "newer-mtime", "blocking-factor", "record-size", "format", "label", "suffix", "backup", "index-file", "listed-incremental",
];

/** Reads a tar call (its first word may be old-style letters: `tar xzf a.tgz`). */
export function tarEffects(words: readonly ShellWord[]): ProgramEffects {
  const effects = noEffects();
  const args = [...words.slice(1)];
  const first = args[0];
  if (first !== undefined && /^[A-Za-z]+$/.test(first.value)) args[0] = { ...first, value: `-${first.value}` };
  const read = readOptions(args, { valueShort: "CfFIKLNTVXgb", valueLong: TAR_VALUE_LONG });
  for (const [option, via] of [["to-command", "tar --to-command"], ["use-compress-program", "tar --use-compress-program"], ["info-script", "tar --info-script"], ["new-volume-script", "tar --new-volume-script"], ["rsh-command", "tar --rsh-command"], ["rmt-command", "tar --rmt-command"]] as const) {
    for (const value of valuesOf(read, option === "use-compress-program" ? "I" : option === "info-script" ? "F" : undefined, [option])) {
      if (value.literal) effects.runs.push({ text: value.value, via });
      else effects.unknown.push(`${via} runs a program only known when it runs`);
    }
  }
  for (const action of valuesOf(read, undefined, ["checkpoint-action"])) {
    const exec = /^exec=(.*)$/.exec(action.value);
    if (exec !== null) effects.runs.push({ text: exec[1] ?? "", via: "tar --checkpoint-action=exec" });
  }
  const extracting = read.options.some((option) => (!option.long && option.name === "x") || (option.long && expandLong(option.name, ["extract", "get"]) !== undefined));
  const creating = read.options.some((option) => (!option.long && /[crAu]/.test(option.name)) || (option.long && expandLong(option.name, ["create", "append", "update", "concatenate", "catenate"]) !== undefined));
  const archives = valuesOf(read, "f", ["file"]);
  if (creating) for (const archive of archives) effects.touches.push({ word: archive, access: "write" });
  if (extracting) {
    const folders = valuesOf(read, "C", ["directory"]);
    for (const folder of folders.length > 0 ? folders : [{ value: ".", literal: true, glob: false }]) effects.touches.push({ word: folder, access: "write" });
    if (read.options.some((option) => (!option.long && option.name === "P") || (option.long && expandLong(option.name, ["absolute-names"]) !== undefined))) {
      effects.unknown.push("tar -P extracts members to the absolute paths the archive names");
    }
  }
  return effects;
}

/** Reads a zip call: `-TT cmd` / `--unzip-command cmd` runs a command to test the archive. */
export function zipEffects(words: readonly ShellWord[]): ProgramEffects {
  const effects = noEffects();
  const commands: ShellWord[] = [];
  for (let index = 1; index < words.length; index++) {
    const word = words[index] as ShellWord;
    if (word.value === "-TT" || word.value === "--unzip-command") {
      const next = words[index + 1];
      if (next !== undefined) commands.push(next);
      index++;
    } else if (word.value.startsWith("-TT")) commands.push({ ...word, value: word.value.slice(3).replace(/^=/, "") });
    else if (word.value.startsWith("--unzip-command=")) commands.push({ ...word, value: word.value.slice("--unzip-command=".length) });
  }
  for (const command of commands) {
    if (command.literal) effects.runs.push({ text: command.value, via: "zip -TT" });
    else effects.unknown.push("zip -TT runs a command only known when it runs");
  }
  const archive = words.slice(1).find((word, index, rest) => !word.value.startsWith("-") && !["-TT", "--unzip-command", "-b", "-n", "-t", "-tt", "-x", "-i"].includes(rest[index - 1]?.value ?? ""));
  if (archive !== undefined) effects.touches.push({ word: archive, access: "write" });
  return effects;
}
