/**
 * Programs that run commands in a session of their own or at a later time: tmux (new sessions,
 * windows and panes, `run-shell`, `if-shell`, keys typed with `send-keys`, `#()` in formats),
 * screen (its command, `-X stuff` / `-X exec`), and at / batch (commands from their input or a
 * file). What they are seen to run is analyzed; what they may run beyond that is unknown code;
 * typed keys and sent text are mentioned, so deny and ask rules meet them.
 */
import { noEffects, type ProgramEffects } from "./effects.ts";
import { hasOption, readOptions, valuesOf } from "./readOptions.ts";
import type { ShellCommandPart, ShellWord } from "../types.ts";

/** tmux commands that start a shell command, and the flags of each that take a value. */
const TMUX_RUNNERS: Readonly<Record<string, string>> = {
  "new-session": "cefFnstxy", new: "cefFnstxy",
  "new-window": "cenFt", neww: "cenFt",
  "split-window": "celpFt", splitw: "celpFt",
  "respawn-pane": "cet", respawnp: "cet",
  "respawn-window": "cet", respawnw: "cet",
  "run-shell": "cdt", run: "cdt",
  "pipe-pane": "t", pipep: "t",
  "display-popup": "bcdehsStTwxy", popup: "bcdehsStTwxy",
  "if-shell": "t", if: "t",
};
/** tmux commands that only look, end or move things: nothing they take runs (a `#(...)` format aside). */
const TMUX_QUIET = new Set([
  "ls", "list-sessions", "list-windows", "lsw", "list-panes", "lsp", "list-clients", "lsc", "list-buffers", "lsb", "list-commands", "lscm",
  "list-keys", "lsk", "has-session", "has", "kill-session", "kill-server", "kill-window", "killw", "kill-pane", "killp", "capture-pane", "capturep",
  "select-window", "selectw", "select-pane", "selectp", "rename-session", "rename", "rename-window", "renamew", "detach-client", "detach",
  "resize-pane", "resizep", "resize-window", "resizew", "show-options", "show", "show-window-options", "showw", "show-buffer", "showb",
  "display-message", "display", "wait-for", "wait", "start-server", "start", "info", "server-info", "last-window", "last", "next-window", "next",
  "previous-window", "prev", "swap-pane", "swapp", "swap-window", "swapw", "break-pane", "breakp", "join-pane", "joinp", "move-window", "movew",
  "clear-history", "clearhist", "delete-buffer", "deleteb", "attach-session", "attach", "a", "switch-client", "switchc",
]);
/** Key names send-keys types as themselves, not as text. */
const KEY_NAME = /^(?:Enter|Escape|Space|Tab|BSpace|Up|Down|Left|Right|Home|End|[CMS]-.+|F\d+|KP.+|NPage|PPage|PageUp|PageDown|DC|IC)$/;

function mention(effects: ProgramEffects, words: readonly ShellWord[], via: string): void {
  for (const word of words) {
    if (!word.literal) effects.problems.push(`${via} is given text only known when it runs`);
    else if (word.value.trim() !== "") effects.mentions.push(word.value);
  }
}

/** One tmux command (its name first, then its own words). */
function tmuxCommand(effects: ProgramEffects, words: readonly ShellWord[]): void {
  const name = words[0]?.value ?? "";
  const args = words.slice(1);
  if (TMUX_QUIET.has(name)) {
    if (name === "capture-pane" || name === "capturep") return;
    if (args.some((word) => !word.literal)) effects.problems.push(`tmux ${name} is given words only known when they run`);
    return;
  }
  const valueFlags = TMUX_RUNNERS[name];
  if (valueFlags === undefined) {
    // send-keys types into a shell; source-file, bind-key, set-option, command-prompt and the rest may run commands later.
    effects.unknown.push(name === "send-keys" || name === "send" ? "tmux send-keys types keys into a shell, which runs them" : `tmux ${name} may run commands the analysis cannot follow`);
    mention(effects, args.filter((word) => !word.value.startsWith("-") && !KEY_NAME.test(word.value)), `tmux ${name}`);
    return;
  }
  const read = readOptions(args, { valueShort: valueFlags, stopAtPositional: true });
  const command = read.positionals;
  const via = `tmux ${name}`;
  if (name === "if-shell" || name === "if") {
    if (command[0] !== undefined) addRun(effects, [command[0]], via);
    if (command.length > 1) effects.unknown.push("tmux if-shell runs tmux commands the analysis does not follow");
    return;
  }
  if ((name === "run-shell" || name === "run") && hasOption(read, "C")) {
    effects.unknown.push("tmux run-shell -C runs tmux commands the analysis does not follow");
    return;
  }
  // `-c` names the folder the command starts in (display-popup's is `-d`; its `-c` is a client).
  const folderFlag = name === "display-popup" || name === "popup" ? "d" : "c";
  addRun(effects, command, via, hasOption(read, folderFlag) ? `${via} -${folderFlag} runs it in the folder it names` : undefined);
}

/** One word is shell text; several are a command with its arguments. */
function addRun(effects: ProgramEffects, words: readonly ShellWord[], via: string, elsewhere?: string): void {
  if (words.length === 0) return;
  if (words.some((word) => !word.literal)) {
    effects.problems.push(`${via} runs a command only known when it runs`);
    return;
  }
  const where = elsewhere === undefined ? {} : { elsewhere };
  if (words.length === 1) effects.runs.push({ text: (words[0] as ShellWord).value, via, ...where });
  else effects.runs.push({ words: [...words], via, ...where });
}

/** tmux: its global `-c` command, then each command of a `;`-separated list. */
export function tmuxEffects(words: readonly ShellWord[]): ProgramEffects {
  const effects = noEffects();
  const read = readOptions(words.slice(1), { valueShort: "cLSfT", stopAtPositional: true });
  for (const text of valuesOf(read, "c")) addRun(effects, [text], "tmux -c");
  if (valuesOf(read, "f").length > 0) effects.unknown.push("tmux -f reads a configuration that may run commands");
  if (words.some((word) => word.value.includes("#("))) effects.unknown.push("a tmux format with #() runs a shell command");
  let command: ShellWord[] = [];
  for (const word of [...read.positionals, { value: ";", literal: true, glob: false }]) {
    if (word.value !== ";" && word.value !== "\\;") {
      command.push(word);
      continue;
    }
    if (command.length > 0) tmuxCommand(effects, command);
    command = [];
  }
  return effects;
}

/** screen: the command it starts, and the screen commands `-X` sends (`stuff` types text, `exec` runs a command). */
export function screenEffects(words: readonly ShellWord[]): ProgramEffects {
  const effects = noEffects();
  const args = words.slice(1);
  const sent = args.findIndex((word) => word.value === "-X");
  if (sent !== -1) {
    const [command, ...rest] = args.slice(sent + 1);
    if (command?.value === "exec" || command?.value === "screen") addRun(effects, rest.filter((word) => !/^[.!:|]+$/.test(word.value)), `screen -X ${command.value}`);
    else if (command !== undefined) {
      effects.unknown.push(command.value === "stuff" ? "screen -X stuff types text into a shell, which runs it" : `screen -X ${command.value} may run commands the analysis cannot follow`);
      mention(effects, rest.map((word) => ({ ...word, value: word.value.replace(/\\n|\\r|\^M/g, "\n") })), `screen -X ${command.value}`);
    }
    return effects;
  }
  if (args.some((word) => /^-(?:ls|list|wipe|v|version|help)$/.test(word.value))) return effects;
  let index = 0;
  let letters = "";
  for (; index < args.length; index++) {
    const text = (args[index] as ShellWord).value;
    if (!text.startsWith("-")) break;
    // The letters of a cluster up to its first value-taking one (`-Sx` names a session x).
    if (/^-[A-Za-z]+$/.test(text)) letters += /^[^SceHhpTts]*[SceHhpTts]?/.exec(text.slice(1))?.[0] ?? "";
    // A value-taking letter ends its cluster (`-dmS work`).
    if (/^-(?:[dmDRrxaAiOqUlL]*[SceHhpTts]|Logfile)$/.test(text)) index++;
  }
  // `screen -r name` and `screen -x name` reattach to the session named: nothing new runs (unless -m or -R starts one).
  const reattaches = /[rx]/.test(letters) && !/[mR]/.test(letters);
  if (!reattaches) addRun(effects, args.slice(index), "screen");
  if (args.some((word) => word.value === "-c")) effects.unknown.push("screen -c reads a configuration that may run commands");
  return effects;
}

/** at and batch: the commands they read (from their input, or `-f` file), run later. */
export function atEffects(words: readonly ShellWord[], part: ShellCommandPart): ProgramEffects {
  const effects = noEffects();
  const read = readOptions(words.slice(1), { valueShort: "qft" });
  if (read.options.some((option) => ["l", "d", "r", "c", "V"].includes(option.name))) return effects;
  const files = valuesOf(read, "f");
  for (const file of files) effects.touches.push({ word: file, access: "read" });
  const name = words[0]?.value ?? "at";
  if (files.length === 0 && part.stdin?.text !== undefined) effects.runs.push({ text: part.stdin.text, via: `${name} reading ${part.stdin.from}` });
  else effects.unknown.push(`${name} runs commands from ${files.length > 0 ? `the file ${files[0]?.value}` : part.stdin?.from ?? "its input"} later, which toolshed cannot see`);
  return effects;
}
