/**
 * Programs that write the files their arguments name, beyond the simple file commands: `tee`,
 * `dd of=`, `truncate`, `install`, `ln`, `split`, `csplit`, `patch`, `sort -o`, `uniq IN OUT`,
 * `shred`, `chmod`, `chown`, `chgrp`, `mkfifo`, `mknod`, `strace -o`, `ltrace -o`, GNU
 * `time -o`, `less -o` / `-O` / `--log-file`. Their writes are judged as writes (protected
 * paths, outside the working folders), not only met by deny rules.
 */
import { literalWord, noEffects, type ProgramEffects } from "./effects.ts";
import { readOptions, valuesOf } from "./readOptions.ts";
import type { ShellWord } from "../types.ts";

function writes(effects: ProgramEffects, words: readonly ShellWord[]): ProgramEffects {
  for (const word of words) if (word.value !== "-") effects.touches.push({ word, access: "write" });
  return effects;
}

/** The files `words` (a writer's call) writes. */
export function writerEffects(words: readonly ShellWord[]): ProgramEffects {
  const effects = noEffects();
  const name = words[0]?.value ?? "";
  const args = words.slice(1);
  switch (name) {
    case "tee":
    case "shred":
    case "mkfifo":
    case "mknod":
      return writes(effects, readOptions(args, { valueShort: "mnsop", valueLong: ["mode", "output-error", "iterations", "size", "random-source"] }).positionals.slice(0, name === "mknod" ? 1 : undefined));
    case "truncate":
      return writes(effects, readOptions(args, { valueShort: "rs", valueLong: ["reference", "size"] }).positionals);
    case "dd":
      for (const word of args) {
        if (word.value.startsWith("of=")) effects.touches.push({ word: literalWord(word.value.slice(3), word), access: "write" });
        if (word.value.startsWith("if=")) effects.touches.push({ word: literalWord(word.value.slice(3), word), access: "read" });
      }
      return effects;
    case "install":
    case "ln":
    case "link": {
      const read = readOptions(args, { valueShort: "tSmogb", valueLong: ["target-directory", "suffix", "mode", "owner", "group", "backup"] });
      const target = valuesOf(read, "t", ["target-directory"]);
      return writes(effects, target.length > 0 ? target : read.positionals.slice(-1));
    }
    case "split":
    case "csplit": {
      const read = readOptions(args, { valueShort: "abCdflnt", valueLong: ["suffix-length", "bytes", "line-bytes", "lines", "number", "additional-suffix", "filter", "prefix", "suffix-format", "digits"] });
      if (valuesOf(read, undefined, ["filter"]).length > 0) effects.unknown.push("split --filter runs a command for each piece");
      return writes(effects, [literalWord(read.positionals[1]?.value ?? (name === "split" ? "x" : "xx"), read.positionals[1])]);
    }
    case "patch": {
      const read = readOptions(args, { valueShort: "oirpdDBFVYzxg", valueLong: ["output", "input", "reject-file", "strip", "directory", "ifdef", "prefix", "fuzz", "version-control", "basename-prefix", "suffix", "debug", "get"] });
      for (const file of valuesOf(read, "i", ["input"])) effects.touches.push({ word: file, access: "read" });
      return writes(effects, [...valuesOf(read, "o", ["output"]), ...valuesOf(read, "r", ["reject-file"]), ...read.positionals.slice(0, 1)]);
    }
    case "sort":
      return writes(effects, valuesOf(readOptions(args, { valueShort: "oktST", valueLong: ["output", "key", "field-separator", "buffer-size", "temporary-directory", "compress-program", "files0-from", "parallel", "batch-size", "random-source", "sort"] }), "o", ["output"]));
    case "uniq":
      return writes(effects, readOptions(args, { valueShort: "fsw", valueLong: ["skip-fields", "skip-chars", "check-chars", "group", "all-repeated"] }).positionals.slice(1, 2));
    case "chmod":
    case "chown":
    case "chgrp":
      return writes(effects, readOptions(args, { valueLong: ["reference", "from"] }).positionals.slice(args.some((word) => word.value.startsWith("--reference")) ? 0 : 1));
    case "strace":
    case "ltrace":
    case "time":
      return writes(effects, valuesOf(readOptions(args, { valueShort: "oeEpsuafFIOPSX", valueLong: ["output", "format"], stopAtPositional: true }), "o", ["output"]));
    case "less":
      return writes(effects, valuesOf(readOptions(args, { valueShort: "oOkbhjpPTtxyz#", valueLong: ["log-file", "LOG-FILE", "lesskey-file"] }), "o", ["log-file"]).concat(valuesOf(readOptions(args, { valueShort: "oOkbhjpPTtxyz#", valueLong: ["log-file", "LOG-FILE", "lesskey-file"] }), "O", ["LOG-FILE"])));
    default:
      return effects;
  }
}

/** less: `+cmd` starting commands (`!` runs a shell) and a lesskey file are unknown code; its log files are writes. */
export function lessEffects(words: readonly ShellWord[]): ProgramEffects {
  const effects = writerEffects(words);
  if (words.slice(1).some((word) => word.value.startsWith("+"))) effects.unknown.push("less runs the commands given with +, which can start a shell");
  if (words.slice(1).some((word) => /^-k|^--lesskey/.test(word.value))) effects.unknown.push("less -k loads key bindings that can run commands");
  return effects;
}

/** man: `-P` / `--pager` and `-H` / `--html` name programs it runs on the page. */
export function manEffects(words: readonly ShellWord[]): ProgramEffects {
  const effects = noEffects();
  const read = readOptions(words.slice(1), { valueShort: "PCMmLSsetrER", valueLong: ["pager", "config-file", "manpath", "systems", "locale", "sections", "extension", "preprocessor", "prompt", "encoding", "recode"] });
  for (const pager of valuesOf(read, "P", ["pager"])) {
    if (pager.literal) effects.runs.push({ text: pager.value, via: "man -P" });
    else effects.unknown.push("man -P runs a pager only known when it runs");
  }
  for (const option of read.options.filter((each) => (!each.long && each.name === "H") || (each.long && each.name.startsWith("html")))) {
    effects.unknown.push(`man ${option.long ? "--html" : "-H"} starts a browser`);
  }
  for (const word of words.slice(1).filter((each) => /^-H./.test(each.value) || each.value.startsWith("--html="))) {
    effects.runs.push({ text: word.value.replace(/^-H|^--html=/, ""), via: "man -H" });
  }
  if (valuesOf(read, "C", ["config-file"]).length > 0) effects.unknown.push("man -C reads a configuration file that names programs");
  return effects;
}
