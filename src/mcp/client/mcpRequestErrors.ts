/** How a request to an MCP server can fail on toolshed's side of the connection. */

/** The server answered with a JSON-RPC error. */
export class McpServerError extends Error {
  constructor(readonly code: number, readonly serverMessage: string, readonly data?: unknown) {
    super(`MCP error ${code}: ${serverMessage}`);
    this.name = "McpServerError";
  }
}

/** No answer came within the request's time limit (the request is cancelled on the server). */
export class McpTimeoutError extends Error {
  constructor(readonly method: string, readonly timeoutMs: number) {
    super(`the server did not answer ${method} within ${timeoutMs / 1000} s`);
    this.name = "McpTimeoutError";
  }
}

/** The connection ended before the answer came. */
export class McpConnectionClosedError extends Error {
  constructor(method: string) {
    super(`the connection closed before the server answered ${method}`);
    this.name = "McpConnectionClosedError";
  }
}
