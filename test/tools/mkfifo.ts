/** Makes a FIFO for tests (there is no mkfifo in node:fs). */
export function mkfifoSync(path: string): void {
  const made = Bun.spawnSync(["mkfifo", path]);
  if (made.exitCode !== 0) throw new Error(`mkfifo ${path} failed: ${made.stderr.toString()}`);
}
