/** The commit a build is made from, from git: a short hash, with "-dirty" when the tree has changes. */

function git(root: string, args: string[]): string | undefined {
  const result = Bun.spawnSync(["git", "-C", root, ...args], { stdout: "pipe", stderr: "ignore" });
  return result.exitCode === 0 ? result.stdout.toString().trim() : undefined;
}

/** "0123456789ab", "0123456789ab-dirty", or "unknown" outside a git work tree. */
export function gitCommit(root: string): string {
  const hash = git(root, ["rev-parse", "--short=12", "HEAD"]);
  if (hash === undefined || hash === "") return "unknown";
  const status = git(root, ["status", "--porcelain"]);
  return status === undefined || status === "" ? hash : `${hash}-dirty`;
}
