/**
 * Document tools that run commands: TeX with shell escape on (`\write18`, `\directlua` with
 * `os.execute`), latexmk's engine commands and Perl code, Ghostscript's `%pipe%` output and its
 * unsafe mode, and pandoc's filters (programs run with the output format as their argument).
 */
import { literalWord, noEffects, type ProgramEffects } from "./effects.ts";
import type { ShellWord } from "../types.ts";

/** TeX engines and the drivers that start them. */
export const TEX_ENGINES = ["tex", "etex", "pdftex", "xetex", "luatex", "latex", "pdflatex", "xelatex", "lualatex", "luahbtex", "lualatex-dev", "context", "mtxrun"];

/** TeX's options that let the document run commands, as web2c reads them: one dash or two, cut short to any unique start. */
function turnsOnShellEscape(value: string): boolean {
  const name = /^--?([a-z0-9-]+)$/.exec(value)?.[1];
  if (name === undefined) return false;
  return (name.length >= 7 && "shell-escape".startsWith(name)) || (name.length >= 8 && "enable-write18".startsWith(name)) || (name.length >= 8 && "enable-pipes".startsWith(name));
}

/** The files TeX code given on the command line reads (`\input{.env}`, `\include`, `\openin`), for deny rules. */
function texReads(code: string): string[] {
  return [...code.matchAll(/\\(?:input|include|InputIfFileExists|openin\d*\s*=?|verbatiminput|lstinputlisting|includegraphics(?:\[[^\]]*\])?)\s*\{?([^}\s\\]+)/g)].map((match) => match[1] as string);
}

/** What TeX code given on the command line may name: what `\\input` and the like read, every `{...}` and quoted string in it. */
function texMentions(code: string): string[] {
  return [...texReads(code), ...[...code.matchAll(/\{([^{}]*)\}/g)].map((match) => match[1] as string), ...[...code.matchAll(/"([^"]*)"/g)].map((match) => match[1] as string)];
}

/**
 * A TeX run: code given on its command line (a word with a backslash) is code the analysis does not
 * follow (`\\def\\x{.env}\\input\\x`, `\\directlua{io.open(...)}`), its names mentioned; with shell
 * escape on, the document may run any command.
 */
export function texEffects(words: readonly ShellWord[]): ProgramEffects {
  const effects = noEffects();
  const name = words[0]?.value ?? "tex";
  for (const word of words.slice(1)) {
    if (!word.value.includes("\\") || word.value.startsWith("-")) continue;
    effects.unknown.push(`${name} runs TeX code given on its command line, which the analysis does not follow`);
    if (word.literal) effects.mentions.push(...texMentions(word.value));
  }
  if (words.some((word) => turnsOnShellEscape(word.value))) {
    effects.unknown.push(`${name} runs with shell escape on, so the document may run any command`);
    for (const word of words.slice(1)) if (word.literal && word.value.includes("\\")) effects.mentions.push(word.value);
  }
  return effects;
}

/** latexmk: `-pdflatex="cmd %O %S"` and the like are commands it runs; `-e` and `-r` are Perl it runs. */
export function latexmkEffects(words: readonly ShellWord[]): ProgramEffects {
  const effects = noEffects();
  words.forEach((word, index) => {
    // Each `-name=command` whose name is an engine, a converter, a viewer or a `-*-cmd` hook.
    const command = /^--?(?:[a-z]*latex|[a-z_-]*cmd|dvips|lpr|bibtex|biber|makeindex|dvipdf|ps2pdf|xdvipdfmx|[a-z_]*previewer|viewer|print_cmd)=(.*)$/s.exec(word.value);
    if (command !== null) {
      if (word.literal) effects.runs.push({ text: (command[1] ?? "").replace(/%[A-Za-z]/g, "x"), via: "latexmk" });
      else effects.unknown.push("latexmk is given a command only known when it runs");
    }
    if ((word.value === "-e" || word.value === "-r") && words[index + 1] !== undefined) effects.unknown.push(`latexmk ${word.value} runs Perl code the analysis cannot read`);
    // TeX code run before the document, and options handed to the engine.
    const pretex = /^--?(?:use)?pretex=(.*)$/s.exec(word.value)?.[1];
    if (pretex !== undefined) {
      effects.unknown.push("latexmk runs TeX code given on its command line, which the analysis does not follow");
      if (word.literal) effects.mentions.push(...texMentions(pretex));
    }
    const engineOption = /^--?latexoption=(.*)$/s.exec(word.value)?.[1];
    if (engineOption !== undefined && turnsOnShellEscape(engineOption)) effects.unknown.push("latexmk runs TeX with shell escape on, so the document may run any command");
    if (turnsOnShellEscape(word.value)) effects.unknown.push("latexmk runs TeX with shell escape on, so the document may run any command");
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
    if (/^-d(?:NOSAFER|DELAYSAFER)(?:=.*)?$/s.test(word.value) || /^-dSAFER=(?:false|0)$/.test(word.value)) effects.unknown.push(`gs ${word.value} lets the PostScript it runs start any command`);
  });
  return effects;
}

/** pandoc: each `--filter` / `-F` is a program it runs (given the output format as its argument). */
export function pandocEffects(words: readonly ShellWord[]): ProgramEffects {
  const effects = noEffects();
  words.forEach((word, index) => {
    // Long options cut short as pandoc takes them (`--filt=`), each with its value joined or next.
    const [option = "", joined] = word.value.split(/=(.*)/s);
    const long = (full: string, shortest: number) => option.startsWith("--") && option.length >= shortest && full.startsWith(option);
    const valueOf = () => (joined !== undefined ? literalWord(joined, word) : words[index + 1]);
    const filter = /^-F./s.test(word.value) ? literalWord(word.value.slice(2), word) : word.value === "-F" || long("--filter", 6) ? valueOf() : undefined;
    if (filter !== undefined) {
      if (filter.literal) effects.runs.push({ words: [filter, literalWord("html")], via: "pandoc --filter" });
      else effects.unknown.push("pandoc runs a filter only known when it runs");
    }
    // The PDF engine is a program it runs, and the engine's options may turn on its shell escape.
    if (long("--pdf-engine", 12) && option.length <= "--pdf-engine".length) {
      const engine = valueOf();
      if (engine?.literal) effects.runs.push({ words: [engine], via: "pandoc --pdf-engine" });
      else if (engine !== undefined) effects.unknown.push("pandoc runs a PDF engine only known when it runs");
    }
    if (long("--pdf-engine-opt", 15) && option.length > "--pdf-engine".length && turnsOnShellEscape(valueOf()?.value ?? "")) {
      effects.unknown.push("pandoc runs its PDF engine with shell escape on, so the document may run any command");
    }
  });
  return effects;
}

/** ps2pdf and Ghostscript's other scripts: an output `%pipe%cmd` (or `|cmd`) is run, and gsnd or -dNOSAFER let the PostScript run any command. */
export function ghostscriptScriptEffects(words: readonly ShellWord[]): ProgramEffects {
  const effects = ghostscriptEffects(words);
  const name = words[0]?.value ?? "";
  if (name === "gsnd") effects.unknown.push("gsnd runs Ghostscript without -dSAFER, so the PostScript may start any command");
  for (const word of words.slice(1)) {
    const piped = word.value.startsWith("-") ? undefined : /^(?:%pipe%|\|)(.+)$/s.exec(word.value)?.[1];
    if (piped !== undefined) effects.runs.push({ text: piped, via: `${name} %pipe%` });
  }
  return effects;
}

/** Names whose output file `|cmd` (ImageMagick) or `!cmd` (dvips -o) is a command the program pipes to. */
export function pipedOutputEffects(words: readonly ShellWord[]): ProgramEffects {
  const effects = noEffects();
  const name = words[0]?.value ?? "";
  words.forEach((word, index) => {
    if (index === 0 || !word.literal) return;
    const pipe = name === "dvips" ? (words[index - 1]?.value === "-o" ? /^!(.+)$/s.exec(word.value)?.[1] : /^-o!(.+)$/s.exec(word.value)?.[1]) : /^\|(.+)$/s.exec(word.value)?.[1];
    if (pipe !== undefined) effects.runs.push({ text: pipe, via: `${name} output pipe` });
  });
  return effects;
}

/** Ghostscript's scripts that take an output file. */
export const GHOSTSCRIPT_SCRIPTS = ["ps2pdf", "ps2pdf12", "ps2pdf13", "ps2pdf14", "ps2pdfwr", "pdf2ps", "ps2ps", "ps2ps2", "eps2eps", "gsnd", "gsbj", "gsdj", "gsdj500", "gslj", "gslp"];
