/**
 * Network programs that run local commands from their options (ssh `-o ProxyCommand=` and
 * `LocalCommand`, `-F` config files; scp and sftp `-S`, `-D`; rsync `-e` / `--rsh`; socat
 * `EXEC:` and `SYSTEM:` addresses; nc and ncat `-e`, `-c`, `--sh-exec`) and the files curl and
 * wget write or send.
 */
import { literalWord, noEffects, type ProgramEffects } from "./effects.ts";
import { readOptions, valuesOf } from "./readOptions.ts";
import type { ShellWord } from "../types.ts";

/** ssh_config keys whose value is a command ssh runs on this machine. */
const SSH_COMMAND_KEYS = new Set(["proxycommand", "localcommand", "knownhostscommand", "remotecommand"]);
/** Keys that name programs or files whose content the analysis does not read. */
const SSH_OPAQUE_KEYS = new Set(["include", "match", "pkcs11provider", "securitykeyprovider", "identityagent", "sshaskpass", "controlpath"]);

function sshOptions(values: readonly ShellWord[], program: string, effects: ProgramEffects): void {
  for (const value of values) {
    if (!value.literal) {
      effects.unknown.push(`${program} -o ${value.value} is only known when it runs`);
      continue;
    }
    const match = /^\s*([A-Za-z]+)\s*(?:=|\s)\s*(.*)$/s.exec(value.value);
    if (match === null) continue;
    const key = (match[1] ?? "").toLowerCase();
    // %h, %p and friends are filled in by ssh: stand-ins keep the command's shape.
    const text = (match[2] ?? "").replace(/%%/g, "%").replace(/%[a-zA-Z]/g, "x");
    if (SSH_COMMAND_KEYS.has(key) && text.trim().toLowerCase() !== "none") effects.runs.push({ text, via: `${program} -o ${match[1]}` });
    else if (SSH_OPAQUE_KEYS.has(key)) effects.unknown.push(`${program} -o ${match[1]} reaches programs or files the analysis cannot see`);
  }
}

/** ssh, scp, sftp, slogin. */
export function sshEffects(words: readonly ShellWord[]): ProgramEffects {
  const effects = noEffects();
  const program = words[0]?.value ?? "ssh";
  const read = readOptions(words.slice(1), { valueShort: "BbcDEeFIiJLlmOoPpQRSWw", stopAtPositional: program === "ssh" });
  sshOptions(valuesOf(read, "o"), program, effects);
  if (valuesOf(read, "F").length > 0) effects.unknown.push(`${program} -F reads a configuration file that can run commands`);
  if (program !== "ssh") {
    for (const command of valuesOf(read, "S")) effects.runs.push({ words: [command], via: `${program} -S` });
    if (program === "sftp") for (const command of valuesOf(read, "D")) effects.runs.push({ words: [command], via: "sftp -D" });
  }
  for (const file of [...valuesOf(read, "E"), ...(program === "ssh" ? valuesOf(read, "S") : [])]) effects.touches.push({ word: file, access: "write" });
  return effects;
}

/** rsync: `-e` / `--rsh` is the command it runs to reach the other side. */
export function rsyncEffects(words: readonly ShellWord[]): ProgramEffects {
  const effects = noEffects();
  const read = readOptions(words.slice(1), { valueShort: "eBfMT", valueLong: ["rsh", "rsync-path", "filter", "exclude", "include", "exclude-from", "include-from", "files-from", "log-file", "temp-dir", "partial-dir", "backup-dir", "suffix", "compare-dest", "copy-dest", "link-dest", "password-file", "out-format", "chmod", "chown", "usermap", "groupmap", "timeout", "contimeout", "bwlimit", "port", "sockopts", "info", "debug", "max-size", "min-size", "max-delete", "modify-window", "block-size", "checksum-choice", "compress-choice", "skip-compress", "outbuf", "stop-after", "stop-at", "write-batch", "only-write-batch", "read-batch", "protocol", "iconv", "remote-option", "address", "config", "dparam", "mkpath"] });
  for (const command of valuesOf(read, "e", ["rsh"])) {
    if (command.literal) effects.runs.push({ text: command.value, via: "rsync -e" });
    else effects.unknown.push("rsync -e runs a command only known when it runs");
  }
  const target = read.positionals.at(-1);
  if (target !== undefined && read.positionals.length > 1 && !/^[^/]*:/.test(target.value)) effects.touches.push({ word: target, access: "write" });
  for (const file of valuesOf(read, undefined, ["log-file", "write-batch", "only-write-batch"])) effects.touches.push({ word: file, access: "write" });
  return effects;
}

/** socat: `EXEC:` and `SYSTEM:` addresses run commands. */
export function socatEffects(words: readonly ShellWord[]): ProgramEffects {
  const effects = noEffects();
  for (const word of words.slice(1)) {
    const match = /^(exec|system):(.*)$/is.exec(word.value);
    if (match === null) continue;
    if (!word.literal) effects.unknown.push(`socat ${word.value} runs a command only known when it runs`);
    // Address options follow a comma; a command with commas in it is cut short there, which only hides less.
    else effects.runs.push({ text: (match[2] ?? "").split(",")[0] ?? "", via: `socat ${(match[1] ?? "").toUpperCase()}:` });
  }
  return effects;
}

/** nc, netcat, ncat: `-e prog`, `-c cmd`, `--exec`, `--sh-exec`, `--lua-exec`. */
export function netcatEffects(words: readonly ShellWord[]): ProgramEffects {
  const effects = noEffects();
  const read = readOptions(words.slice(1), { valueShort: "ecpsiwqxXOoIbm", valueLong: ["exec", "sh-exec", "lua-exec", "output", "hex-dump", "source", "source-port", "wait", "proxy", "proxy-type", "proxy-auth", "max-conns", "allow", "allowfile", "deny", "denyfile"] });
  for (const command of valuesOf(read, "e", ["exec"])) effects.runs.push({ words: [command], via: "nc -e" });
  for (const command of valuesOf(read, "c", ["sh-exec"])) {
    if (command.literal) effects.runs.push({ text: command.value, via: "nc -c" });
    else effects.unknown.push("nc -c runs a command only known when it runs");
  }
  if (valuesOf(read, undefined, ["lua-exec"]).length > 0) effects.unknown.push("ncat --lua-exec runs a script the analysis does not read");
  for (const file of valuesOf(read, "o", ["output", "hex-dump"])) effects.touches.push({ word: file, access: "write" });
  return effects;
}

/** curl: the files it writes (`-o`, `-D`, `-c`, `--trace`...) and reads or sends (`-T`, `-d @file`, `-K`). */
export function curlEffects(words: readonly ShellWord[]): ProgramEffects {
  const effects = noEffects();
  const writes = ["output", "dump-header", "cookie-jar", "trace", "trace-ascii", "stderr", "libcurl", "etag-save", "hsts", "alt-svc"];
  const reads = ["upload-file", "config", "cookie", "data", "data-binary", "data-raw", "data-urlencode", "form", "etag-compare", "netrc-file", "cacert", "cert", "key"];
  const read = readOptions(words.slice(1), { valueShort: "oDcTKbdFEHuXAeUwxYyzCmrt", valueLong: [...writes, ...reads, "header", "user", "request", "user-agent", "referer", "max-time", "connect-timeout", "proxy", "resolve", "url", "write-out"] });
  for (const file of valuesOf(read, "o", ["output"])) effects.touches.push({ word: file, access: "write" });
  for (const file of valuesOf(read, "D", ["dump-header"])) effects.touches.push({ word: file, access: "write" });
  for (const file of valuesOf(read, "c", ["cookie-jar", "trace", "trace-ascii", "stderr", "libcurl", "etag-save", "hsts", "alt-svc"])) effects.touches.push({ word: file, access: "write" });
  if (read.options.some((option) => (!option.long && option.name === "O") || (option.long && option.name === "remote-name"))) {
    effects.touches.push({ word: literalWord("."), access: "write" });
  }
  for (const file of valuesOf(read, "T", ["upload-file"])) effects.touches.push({ word: file, access: "read" });
  if (valuesOf(read, "K", ["config"]).length > 0) effects.unknown.push("curl -K reads options from a file the analysis does not read");
  return effects;
}

/** wget: `-O`, `-o`, `-a`, `-P` write; `--post-file`, `-i` read; `-e` runs a wgetrc command. */
export function wgetEffects(words: readonly ShellWord[]): ProgramEffects {
  const effects = noEffects();
  const read = readOptions(words.slice(1), { valueShort: "OoaPieUTtwQlADRIXBF", valueLong: ["output-document", "output-file", "append-output", "directory-prefix", "input-file", "execute", "post-file", "body-file", "config", "use-askpass", "save-cookies", "load-cookies", "user-agent", "header", "post-data", "tries", "timeout", "wait", "level", "accept", "reject", "domains", "include-directories", "exclude-directories", "base", "warc-file"] });
  for (const file of valuesOf(read, "O", ["output-document"]).concat(valuesOf(read, "o", ["output-file"]), valuesOf(read, "a", ["append-output"]), valuesOf(read, "P", ["directory-prefix"]), valuesOf(read, undefined, ["save-cookies", "warc-file"]))) {
    if (file.value !== "-") effects.touches.push({ word: file, access: "write" });
  }
  for (const file of valuesOf(read, "i", ["input-file", "post-file", "body-file", "load-cookies"])) effects.touches.push({ word: file, access: "read" });
  if (valuesOf(read, "e", ["execute", "config"]).length > 0) effects.unknown.push("wget -e and --config run wgetrc commands the analysis does not read");
  for (const command of valuesOf(read, undefined, ["use-askpass"])) effects.runs.push({ words: [command], via: "wget --use-askpass" });
  return effects;
}
