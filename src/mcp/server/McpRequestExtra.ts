/** What the SDK hands a server request handler, narrowed to the server's side of the protocol. */
import type { RequestHandlerExtra } from "@modelcontextprotocol/sdk/shared/protocol.js";
import type { ServerNotification, ServerRequest } from "@modelcontextprotocol/sdk/types.js";

/** The abort signal (notifications/cancelled), `_meta` (the progress token) and the ways to reach the client. */
export type McpRequestExtra = RequestHandlerExtra<ServerRequest, ServerNotification>;
