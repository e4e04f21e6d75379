/** Whether a process id belongs to a live process, asked without disturbing it. */

/**
 * True while a process with this pid exists (signal 0 checks without sending anything). A
 * process of another user answers EPERM: it exists, so it counts as running.
 */
export function isProcessRunning(pid: number): boolean {
  if (!Number.isSafeInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return typeof error === "object" && error !== null && "code" in error && error.code === "EPERM";
  }
}
