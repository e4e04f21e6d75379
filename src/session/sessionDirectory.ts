/** Where a session keeps its files (large results, logs, task output). */
import { join } from "node:path";
import { userConfigDirectory } from "../settings/settingsPaths.ts";

/** A new session's folder: `TOOLSHED_SESSION_DIR`, or `<config>/sessions/<id>`. Created lazily. */
export function newSessionDirectory(sessionId: string = crypto.randomUUID()): string {
  return process.env.TOOLSHED_SESSION_DIR || join(userConfigDirectory(), "sessions", sessionId);
}
