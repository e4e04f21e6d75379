/** Whether a request to an MCP server gave up because its time limit passed. */
import { McpTimeoutError } from "./mcpRequestErrors.ts";

/** True for the client's request-timeout error. */
export function isTimeoutError(error: unknown): boolean {
  return error instanceof McpTimeoutError;
}
