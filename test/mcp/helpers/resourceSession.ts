/** A session whose MCP service holds fake servers with resources, for the two resource tools' tests. */
import type { Session } from "../../../src/session/createSession.ts";
import { createSession } from "../../../src/session/createSession.ts";
import type { Settings } from "../../../src/settings/settingsSchema.ts";
import { getAllBaseTools } from "../../../src/tools.ts";
import { connectFakes } from "./connectFake.ts";
import { startFakeMcpServer, textResult, toolDefinition } from "./fakeMcpServer.ts";

export const PNG_BYTES = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);

/** A session with servers "docs" (two resources, one binary) and "bare" (tools only). */
export async function createResourceSession(folder: string, settings: Settings = {}): Promise<Session> {
  const docs = await startFakeMcpServer({
    resources: {
      list: [
        { uri: "file:///guide.md", name: "guide", title: "The guide", mimeType: "text/markdown", description: "How to start" },
        { uri: "file:///logo.png", name: "logo", mimeType: "image/png" },
      ],
      read: (uri) => (uri.endsWith(".png")
        ? { contents: [{ uri, mimeType: "image/png", blob: PNG_BYTES.toString("base64") }] }
        : { contents: [{ uri, mimeType: "text/markdown", text: "# Guide\nStart here." }] }),
    },
  });
  const bare = await startFakeMcpServer({ tools: [{ definition: toolDefinition("noop"), handler: () => textResult("ok") }] });
  const { connections, tools } = await connectFakes({ docs, bare }, { sessionDirectory: `${folder}/.session` });
  return createSession({ cwd: folder, settings, tools: getAllBaseTools(), mcpTools: tools, mcp: connections, sessionDirectory: `${folder}/.session`, isNonInteractive: true });
}
