/**
 * Whether a call's declared paths reach a network root the session has not reached (see
 * paths/networkPaths.ts). The checks that look at a call's files before anyone approved it (the
 * tool's validation, its reason not to ask, the question's preview) wait for the permission
 * decision for such a call: looking would already reach the network.
 */
import type { AnyTool, ToolUseContext } from "../Tool.ts";
import { canonicalPath } from "../paths/isInsideDirectories.ts";
import { reachableNetworkRoots, unreachedNetworkRoot } from "../paths/networkPaths.ts";

/** True when a path the call declares leads (as written, or through links) below a network root the session does not work in. */
export function reachesUnreachedNetwork(tool: AnyTool, input: unknown, context: ToolUseContext): boolean {
  let paths: string[];
  try {
    paths = tool.permissionSubjects(input as never).flatMap((subject) => (subject.kind === "path" ? [subject.path] : []));
  } catch {
    return false;
  }
  if (paths.length === 0) return false;
  const folders = [context.cwd, process.env.HOME ?? "/", ...context.workingDirectories, ...context.getAppState().toolPermissionContext.additionalDirectories];
  const reachable = reachableNetworkRoots([...folders, ...folders.map((folder) => canonicalPath(folder))]);
  return paths.some((path) => unreachedNetworkRoot(canonicalPath(path, context.cwd, reachable), reachable) !== undefined);
}
