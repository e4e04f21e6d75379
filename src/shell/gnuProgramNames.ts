/**
 * GNU tools installed beside a system's own under a `g` name (Homebrew's coreutils, findutils and
 * diffutils on macOS: `grm`, `gfind`, `gtimeout`). They are the same programs: rules, wrappers and
 * the program catalogue know them by the plain name.
 */
const GNU_TOOLS: ReadonlySet<string> = new Set([
  // coreutils
  "b2sum", "base32", "base64", "basename", "basenc", "cat", "chcon", "chgrp", "chmod", "chown", "chroot", "cksum", "comm", "cp", "csplit",
  "cut", "date", "dd", "df", "dir", "dircolors", "dirname", "du", "echo", "env", "expand", "expr", "factor", "fmt", "fold", "groups", "head",
  "hostid", "id", "install", "join", "kill", "link", "ln", "logname", "ls", "md5sum", "mkdir", "mkfifo", "mknod", "mktemp", "mv", "nice", "nl",
  "nohup", "nproc", "numfmt", "od", "pathchk", "pinky", "pr", "printenv", "printf", "ptx", "pwd", "readlink", "realpath", "rm", "rmdir",
  "runcon", "seq", "sha1sum", "sha224sum", "sha256sum", "sha384sum", "sha512sum", "shred", "shuf", "sleep", "sort", "split", "stat", "stdbuf",
  "stty", "sum", "sync", "tac", "tail", "tee", "timeout", "touch", "tr", "truncate", "tsort", "tty", "uname", "unexpand", "uniq", "unlink",
  "uptime", "users", "vdir", "wc", "who", "whoami",
  // findutils, diffutils, patch, time
  "find", "xargs", "locate", "updatedb", "diff", "diff3", "cmp", "sdiff", "patch", "time",
]);

/** `gfind` is find, `grm` is rm; any other name is itself. */
export function gnuProgramName(name: string): string {
  return name.length > 1 && name.startsWith("g") && GNU_TOOLS.has(name.slice(1)) ? name.slice(1) : name;
}
