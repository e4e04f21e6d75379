/**
 * Paths where merely looking (a stat, a realpath) reaches the network: below `/net/<host>` the
 * automounter (macOS by default, Linux autofs `-hosts`) looks the host up and mounts its shares,
 * `/Network/<name>` is macOS's, and on Windows a UNC path (`\\host\share`) opens an SMB
 * connection that also sends the person's credentials. A name there chosen by the model would
 * carry data to a DNS server before anyone approved anything, so toolshed's checks do not look
 * below such a root until the call is allowed, unless the session already works there.
 */

/** The part of `path` that names a network host (`/net/host`, `\\host`), or undefined. */
export function networkHostRoot(path: string, platform: NodeJS.Platform = process.platform): string | undefined {
  if (platform === "win32") {
    const unc = /^[\\/]{2}([^\\/?.][^\\/]*)/.exec(path);
    if (unc !== null) return `\\\\${(unc[1] as string).toLowerCase()}`;
  }
  const mounted = /^\/(net|Network)\/([^/]+)/.exec(path);
  return mounted === null || mounted[2] === "." || mounted[2] === ".." ? undefined : `/${mounted[1]}/${mounted[2]}`;
}

/** The network roots the session already works in (its folders, home): looking below those reaches nothing new. */
export function reachableNetworkRoots(folders: readonly string[], platform: NodeJS.Platform = process.platform): string[] {
  return [...new Set(folders.map((folder) => networkHostRoot(folder, platform)).filter((root): root is string => root !== undefined))];
}

/** The root `path` lies below that may not be looked at yet, or undefined when looking is safe. */
export function unreachedNetworkRoot(path: string, reachable: readonly string[], platform: NodeJS.Platform = process.platform): string | undefined {
  const root = networkHostRoot(path, platform);
  return root === undefined || reachable.includes(root) ? undefined : root;
}

/** Why a path is asked about without being looked at, for the permission question. */
export function networkRootReason(root: string): string {
  return root.startsWith("\\\\")
    ? `${root} is a Windows network share: looking at anything there connects to that host (and sends it your credentials), so it is asked before anything looks`
    : `${root} is a network mount: looking at anything there looks up and mounts that host, so it is asked before anything looks`;
}
