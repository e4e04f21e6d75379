/**
 * Document tools that run commands: TeX with shell escape on (`\write18`, `\directlua` with
 * `os.execute`), latexmk's engine commands and Perl code, Ghostscript's `%pipe%` output and its
 * unsafe mode, and pandoc's filters (programs run with the output format as their argument).
 */
import { literalWord, noEffects, type ProgramEffects } from "./effects.ts";
import type { ShellWord } from "../types.ts";

/** TeX engines and the drivers that start them. */
export const TEX_ENGINES = ["tex", "etex", "pdftex", "xetex", "luatex", "latex", "pdflatex", "xelatex", "lualatex", "luahbtex", "lualatex-dev", "context", "mtxrun"];

/** A TeX run: with shell escape on, the document (or the text given) runs what it asks the shell for. */
export function texEffects(words: readonly ShellWord[]): ProgramEffects {
  const effects = noEffects();
  const name = words[0]?.value ?? "tex";
  if (words.some((word) => /^--?(?:shell-escape|enable-write18|enable-pipes)$/.test(word.value))) {
    effects.unknown.push(`${name} runs with shell escape on, so the document may run any command`);
    for (const word of words.slice(1)) if (word.literal && word.value.includes("\\")) effects.mentions.push(word.value);
  }
  return effects;
}

/** latexmk: `-pdflatex="cmd %O %S"` and the like are commands it runs; `-e` and `-r` are Perl it runs. */
export function latexmkEffects(words: readonly ShellWord[]): ProgramEffects {
  const effects = noEffects();
  words.forEach((word, index) => {
    const command = /^--?(?:pdf|lua|xe|dvi|ps|)latex=(.*)$/s.exec(word.value) ?? /^--?(?:pdflualatex|pdfxelatex|bibtex|biber|makeindex|dvipdf|ps2pdf|pdf_previewer|dvi_previewer|ps_previewer)=(.*)$/s.exec(word.value);
    if (command !== undefined && command !== null) {
      if (word.literal) effects.runs.push({ text: (command[1] ?? "").replace(/%[A-Za-z]/g, "x"), via: "latexmk" });
      else effects.unknown.push("latexmk is given a command only known when it runs");
    }
    if ((word.value === "-e" || word.value === "-r") && words[index + 1] !== undefined) effects.unknown.push(`latexmk ${word.value} runs Perl code the analysis cannot read`);
    if (/^--?shell-escape$/.test(word.value)) effects.unknown.push("latexmk runs TeX with shell escape on, so the document may run any command");
  });
  return effects;
}

/** Ghostscript: an output file `%pipe%cmd` (or `|cmd`) is a command it runs; without -dSAFER the PostScript may run any. */
export function ghostscriptEffects(words: readonly ShellWord[]): ProgramEffects {
  const effects = noEffects();
  words.forEach((word, index) => {
    const output = /^-sOutputFile=(.*)$/s.exec(word.value)?.[1] ?? (word.value === "-o" ? words[index + 1]?.value : /^-o(.+)$/s.exec(word.value)?.[1]);
    const piped = output === undefined ? undefined : /^(?:%pipe%|\|)(.*)$/s.exec(output)?.[1];
    if (piped !== undefined) effects.runs.push({ text: piped, via: "gs %pipe%" });
    if (/^-d(?:NOSAFER|DELAYSAFER)$/.test(word.value) || /^-dSAFER=(?:false|0)$/.test(word.value)) effects.unknown.push(`gs ${word.value} lets the PostScript it runs start any command`);
  });
  return effects;
}

/** pandoc: each `--filter` / `-F` is a program it runs (given the output format as its argument). */
export function pandocEffects(words: readonly ShellWord[]): ProgramEffects {
  const effects = noEffects();
  words.forEach((word, index) => {
    const glued = /^--filter=(.*)$/s.exec(word.value)?.[1] ?? /^-F(.+)$/s.exec(word.value)?.[1];
    const filter = glued !== undefined ? literalWord(glued, word) : word.value === "--filter" || word.value === "-F" ? words[index + 1] : undefined;
    if (filter === undefined) return;
    if (filter.literal) effects.runs.push({ words: [filter, literalWord("html")], via: "pandoc --filter" });
    else effects.unknown.push("pandoc runs a filter only known when it runs");
  });
  return effects;
}
