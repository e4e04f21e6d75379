/** `host:port` for `mcp serve --http`: `127.0.0.1:0`, `localhost:8080`, `[::1]:0`, or just a port. */
import { UsageError } from "../../errors/ToolError.ts";

/** The host (default 127.0.0.1) and port (0 picks a free one). */
export function parseHostPort(value: string): { host: string; port: number } {
  const match = /^(?:\[([^\]]+)\]|([^:]*)):(\d+)$/.exec(value) ?? /^()()(\d+)$/.exec(value);
  const port = Number(match?.[3]);
  if (match === null || !Number.isSafeInteger(port) || port > 65535) {
    throw new UsageError(`--http "${value}" is not host:port, such as 127.0.0.1:8080 or 127.0.0.1:0 (0 picks a free port).`);
  }
  return { host: match[1] || match[2] || "127.0.0.1", port };
}
