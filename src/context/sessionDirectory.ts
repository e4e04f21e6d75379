/** Where toolshed keeps per-user and per-session files. */
import { homedir } from "node:os";
import { join } from "node:path";

/** The user's toolshed folder: `TOOLSHED_CONFIG_DIR`, or `~/.toolshed`. */
export function configDirectory(): string {
  return process.env.TOOLSHED_CONFIG_DIR || join(homedir(), ".toolshed");
}

/** A new session's folder: `TOOLSHED_SESSION_DIR`, or `<config>/sessions/<id>`. Created lazily. */
export function newSessionDirectory(sessionId: string = crypto.randomUUID()): string {
  return process.env.TOOLSHED_SESSION_DIR || join(configDirectory(), "sessions", sessionId);
}
