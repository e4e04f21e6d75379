/**
 * toolshed as the client of the MCP conformance suite: `conformance client --command "bun
 * test/mcp/conformance/conformanceClient.ts"` runs this with the test server's URL appended and
 * the scenario in MCP_CONFORMANCE_SCENARIO. It uses toolshed's real client: connectMcpServers,
 * the adapter, and runToolUse for each call (the server's tools are allowed by a rule).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { connectMcpServers } from "../../../src/mcp/client/connectMcpServers.ts";
import { nonInteractiveAskHandler } from "../../../src/permissions/askHandler.ts";
import { createCanUseTool } from "../../../src/permissions/createCanUseTool.ts";
import { runToolUse } from "../../../src/pipeline/runToolUse.ts";
import { toolInputJSONSchema } from "../../../src/pipeline/toolInputJSONSchema.ts";
import { createSession } from "../../../src/session/createSession.ts";
import { toolResultText } from "../../../src/Tool.ts";

/** A value of the type a JSON Schema property asks for. */
function sampleValue(property: unknown, index: number): unknown {
  const type = typeof property === "object" && property !== null && "type" in property ? property.type : undefined;
  if (type === "number" || type === "integer") return index + 2;
  if (type === "boolean") return true;
  if (type === "array") return [];
  if (type === "object") return {};
  return `value ${index + 1}`;
}

const url = process.argv[2];
if (url === undefined) {
  process.stderr.write("usage: conformanceClient.ts <server url>\n");
  process.exit(2);
}
const folder = mkdtempSync(join(tmpdir(), "toolshed-conformance-"));
const { connections, tools } = await connectMcpServers({
  cwd: folder,
  sessionDirectory: folder,
  settings: { sources: [], trusted: true },
  entries: [{ name: "conformance", scope: "flag", where: "conformance", config: { type: "http", url, headers: {} } }],
  warn: (text) => process.stderr.write(text),
});
const status = connections.list()[0];
process.stdout.write(`connection: ${status?.status} ${status?.detail ?? ""} (${tools.length} tools)\n`);
const session = await createSession({ cwd: folder, settings: { permissions: { allow: ["mcp__conformance"] } }, tools: [], mcpTools: tools, mcp: connections, sessionDirectory: folder });
let failed = status?.status !== "connected";
for (const tool of process.env.MCP_CONFORMANCE_SCENARIO === "initialize" ? [] : session.tools) {
  const properties = toolInputJSONSchema(tool).properties ?? {};
  const input = Object.fromEntries(Object.entries(properties).map(([name, property], index) => [name, sampleValue(property, index)]));
  const outcome = await runToolUse({ toolUse: { id: `conformance_${tool.name}`, name: tool.name, input }, context: session.context, canUseTool: createCanUseTool(nonInteractiveAskHandler) });
  process.stdout.write(`${tool.name} ${JSON.stringify(input)}: ${toolResultText(outcome.result)}\n`);
  if (outcome.result.is_error === true) failed = true;
}
await session.close();
rmSync(folder, { recursive: true, force: true });
process.exit(failed ? 1 : 0);
