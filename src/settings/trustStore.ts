/**
 * The folders the user has trusted: a project's own allow rules and additional folders apply only
 * there. Kept in `trusted-folders.json` under the user config folder, written atomically.
 */
import { join } from "node:path";
import { z } from "../schema/zod.ts";
import { lazy } from "../lazy.ts";
import { writeFileAtomic } from "../files/writeFileAtomic.ts";
import { canonicalPath, isPathWithin } from "../paths/isInsideDirectories.ts";
import { readSettingsFile } from "./readSettingsFile.ts";
import { userConfigDirectory } from "./settingsPaths.ts";

const trustFileSchema = lazy(() => z.looseObject({ folders: z.array(z.string()) }));

export function trustStorePath(): string {
  return join(userConfigDirectory(), "trusted-folders.json");
}

/** The trusted folders; an unreadable or malformed store trusts nothing. */
export function readTrustedFolders(): string[] {
  const read = readSettingsFile(trustStorePath());
  if (read.kind !== "text") return [];
  try {
    const parsed = trustFileSchema().safeParse(JSON.parse(read.text));
    return parsed.success ? parsed.data.folders : [];
  } catch {
    return [];
  }
}

/** True when `folder` (canonicalised) is a trusted folder or lies inside one. */
export function isFolderTrusted(folder: string): boolean {
  const target = canonicalPath(folder);
  return readTrustedFolders().some((trusted) => isPathWithin(target, trusted));
}

function writeTrustedFolders(folders: string[]): void {
  writeFileAtomic(trustStorePath(), `${JSON.stringify({ folders }, null, 2)}\n`, { createParents: true, mode: 0o600 });
}

/** Trusts `folder`; returns false when it already was. */
export function trustFolder(folder: string): boolean {
  const target = canonicalPath(folder);
  const folders = readTrustedFolders();
  if (folders.includes(target)) return false;
  writeTrustedFolders([...folders, target]);
  return true;
}

/** Removes `folder` and every trusted folder inside it; returns how many were removed. */
export function revokeFolder(folder: string): number {
  const target = canonicalPath(folder);
  const folders = readTrustedFolders();
  const kept = folders.filter((trusted) => !isPathWithin(trusted, target));
  if (kept.length !== folders.length) writeTrustedFolders(kept);
  return folders.length - kept.length;
}
