/** A `--mcp-config` value that cannot be used: the person asked for it, so the run stops. */
import { UsageError } from "../../../errors/ToolError.ts";

/** Printed as it is by the CLI, which exits with status 2. */
export class McpConfigError extends UsageError {}
