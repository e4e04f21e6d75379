/** Shared set-up for the tool tests: a temporary working folder and a real session over given tools. */
import type { AnyTool, ToolUseContext } from "../../src/Tool.ts";
import type { PermissionMode, PermissionRule } from "../../src/permissions/types.ts";
import type { Session } from "../../src/session/createSession.ts";
import type { Settings } from "../../src/settings/settingsSchema.ts";
import { createTemporaryFolder, type TemporaryFolder } from "./temporaryFolder.ts";
import { createTestSession } from "./testSession.ts";

export interface ToolFixture {
  folder: TemporaryFolder;
  session: Session;
  context: ToolUseContext;
  /** Closes the session and removes the folder. */
  remove(): Promise<void>;
}

export interface ToolFixtureOptions {
  /** Whole tools to allow. */
  allow?: readonly string[];
  rules?: readonly PermissionRule[];
  mode?: PermissionMode;
  /** The pool; every tool of the build by default. */
  tools?: readonly AnyTool[];
  hiddenTools?: readonly AnyTool[];
  settings?: Settings;
  interactive?: boolean;
  onProgress?: ToolUseContext["onProgress"];
  prefix?: string;
}

/** A temporary folder (the working folder) and a session over the given tools. */
export async function createToolFixture(options: ToolFixtureOptions = {}): Promise<ToolFixture> {
  const folder = createTemporaryFolder(options.prefix);
  const session = await createTestSession({ ...options, cwd: folder.path });
  return {
    folder,
    session,
    context: session.context,
    async remove() {
      await session.close();
      folder.remove();
    },
  };
}

/** Waits until `condition` holds, checking every few milliseconds, for at most `deadlineMs`. */
export { eventually as pollUntil } from "../tasks/processAlive.ts";
