/** Whether the SDK gave up on a request because its timeout passed. */
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";

/** True for the SDK's request-timeout error. */
export function isTimeoutError(error: unknown): boolean {
  return error instanceof McpError && error.code === ErrorCode.RequestTimeout;
}
