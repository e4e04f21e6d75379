/** The MCP client's limits from the environment. */
import { expect, test } from "bun:test";
import { DEFAULT_MCP_TIMEOUT_MS, readMcpLimits } from "../../../src/mcp/client/mcpLimits.ts";

test("time limits past what a timer can hold stop there instead of firing at once; nonsense falls back to the default", () => {
  const limits = readMcpLimits({ MCP_TIMEOUT: "9999999999999", MCP_TOOL_TIMEOUT: "3000000000" });
  expect(limits.connectTimeoutMs).toBe(2 ** 31 - 1);
  expect(limits.toolTimeoutMs).toBe(2 ** 31 - 1);
  expect(readMcpLimits({ MCP_TIMEOUT: "-5" }).connectTimeoutMs).toBe(DEFAULT_MCP_TIMEOUT_MS);
  expect(readMcpLimits({ MCP_TOOL_TIMEOUT: "1500" }).toolTimeoutMs).toBe(1500);
});
