/**
 * The shell's state for a session: the folder the next command starts in. A `cd` carries over
 * while it stays inside the working folders; outside them the next command starts where it was.
 */
import { existsSync } from "node:fs";
import { isInsideDirectories } from "../paths/isInsideDirectories.ts";

export class ShellState {
  private folder: string;

  constructor(private readonly home: string) {
    this.folder = home;
  }

  /** Where the next command starts: the carried-over folder while it exists, else the working folder. */
  get cwd(): string {
    return existsSync(this.folder) ? this.folder : this.home;
  }

  /**
   * Whether a command that ended in `finalCwd` may carry it over: undefined when it may (or did not
   * move), else the note for the model saying the next command starts where it was.
   */
  checkCarryOver(finalCwd: string | undefined, allowedFolders: readonly string[]): string | undefined {
    if (finalCwd === undefined || finalCwd === this.cwd) return undefined;
    if (isInsideDirectories(finalCwd, allowedFolders, this.home)) return undefined;
    return `The command changed folder to ${finalCwd}, which is outside the working folders; the next command starts in ${this.cwd} again.`;
  }

  /** Moves the next command's start to `folder` (already checked with checkCarryOver). */
  moveTo(folder: string): void {
    this.folder = folder;
  }
}
