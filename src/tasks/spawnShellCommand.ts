/**
 * Runs one shell command in its own process group, with stdout and stderr going straight to a
 * file (never through toolshed's memory), and records the shell's last working folder.
 */
import { closeSync, mkdirSync, openSync } from "node:fs";
import { dirname } from "node:path";
import { fileToolError } from "../errors/fileToolError.ts";
import { processGroupHasMembers, trackProcessGroup, untrackProcessGroup } from "./processGroups.ts";
import { newCommandTag, taggedEnvironment } from "./processTags.ts";
import { killTaggedNow, stopCommand, type StopReport } from "./stopCommand.ts";

export interface ShellProcess {
  pid: number;
  /** Resolves with the exit code (null when a signal ended it) once the shell has exited. */
  exited: Promise<number | null>;
  /** The signal that ended it, once exited. */
  signalCode(): string | null;
  /** Stops the command with every process it started (its group, its descendants, its tagged processes). */
  stop(): Promise<StopReport>;
  /** Kills only its tagged processes: once its group is empty, its id may lead someone else's. */
  killTagged(): void;
}

export interface SpawnShellOptions {
  command: string;
  cwd: string;
  /** stdout and stderr, interleaved, are appended here. */
  outputPath: string;
  /** Where the shell writes its final working folder (`pwd -P`). */
  cwdPath: string;
  /**
   * False for background tasks: the running command must not keep toolshed alive once its work
   * is done (the exit hook then stops the task). Foreground commands are awaited, so they stay ref'd.
   */
  keepsProcessAlive?: boolean;
}

let shellPath: string | undefined;

/** bash when there is one, else sh. */
export function findShell(): string {
  shellPath ??= Bun.which("bash") ?? "/bin/sh";
  return shellPath;
}

// The command runs through eval so that a syntax error is reported by the shell, and the EXIT
// trap records the final folder even after `exit N`. The two variables that carry the command
// and the folder file are moved into unexported shell variables first, so the command and its
// children never see them.
const SCRIPT = `__toolshed_cwd_file=$TOOLSHED_CWD_FILE __toolshed_command=$TOOLSHED_COMMAND
unset TOOLSHED_CWD_FILE TOOLSHED_COMMAND
trap 'pwd -P >| "$__toolshed_cwd_file" 2>/dev/null' EXIT
eval "$__toolshed_command"`;

/** Starts the command; the caller waits on `exited` and may `stop()` it. */
export function spawnShellCommand(options: SpawnShellOptions): ShellProcess {
  let output: number;
  try {
    mkdirSync(dirname(options.outputPath), { recursive: true });
    output = openSync(options.outputPath, "a");
  } catch (error) {
    // A full disk or a folder that cannot be written: said with the path and what to do.
    throw fileToolError(error, options.outputPath);
  }
  const tag = newCommandTag();
  let child: ReturnType<typeof Bun.spawn>;
  try {
    child = Bun.spawn([findShell(), "-c", SCRIPT], {
      cwd: options.cwd,
      env: {
        ...taggedEnvironment(process.env, tag),
        TOOLSHED_COMMAND: options.command,
        TOOLSHED_CWD_FILE: options.cwdPath,
        PAGER: "cat",
        GIT_PAGER: "cat",
        GIT_TERMINAL_PROMPT: "0",
      },
      stdin: "ignore",
      stdout: output,
      stderr: output,
      detached: true,
    });
  } finally {
    closeSync(output); // the child holds its own copy
  }
  const pid = child.pid;
  if (options.keepsProcessAlive === false) child.unref();
  trackProcessGroup(pid);
  const exited = child.exited.then((code) => {
    // Processes the command left running (`server &`) keep the group alive: keep tracking it so
    // toolshed's exit stops them. An empty group is forgotten, since its id may be reused.
    if (!processGroupHasMembers(pid)) untrackProcessGroup(pid);
    return child.signalCode === null ? code : null;
  });
  return {
    pid,
    exited,
    signalCode: () => (child.signalCode === null ? null : String(child.signalCode)),
    stop: () => stopCommand({ leader: pid, tag, exited }),
    killTagged: () => killTaggedNow(tag),
  };
}
