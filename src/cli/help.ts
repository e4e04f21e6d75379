/** The help texts of the CLI. */
export const MAIN_HELP = `toolshed: the tool runtime for coding agents

Usage:
  toolshed <command> [options]

Commands:
  tools          List the tools the model would be given (name, description, input schema)
  run <Tool>     Run one tool call through the whole pipeline (permissions included)
  help           Show this help, or "toolshed help <command>"

Options:
  --version, -v  Print the version, build flavor, features, commit and Bun version
  --help, -h     Show help (also after any command)

Examples:
  toolshed tools --json
  toolshed run Read '{"file_path": "/etc/hostname"}'
  echo '{"pattern": "**/*.ts"}' | toolshed run Glob -
`;

export const TOOLS_HELP = `Usage: toolshed tools [--json]

Lists the tool pool exactly as the Messages API would receive it, in its stable order
(built-in tools sorted by name, then MCP tools sorted by name).

Options:
  --json       Print a JSON array of {name, description, input_schema}
  --help, -h   Show this help
`;

export const RUN_HELP = `Usage: toolshed run <Tool> [json | -] [--json]

Runs one call of <Tool> through the whole pipeline: lookup, input checks, permissions, the call,
and result shaping (large results are saved to a file). The input is a JSON object given as the
second argument, or read from standard input with "-" (or when standard input is a pipe).

Options:
  --json       Print the tool_result block as JSON instead of its text
  --help, -h   Show this help

Exit status: 0 when the tool succeeded, 1 when it returned an error (including a permission
denial), 2 for bad usage.

Examples:
  toolshed run Read '{"file_path": "/etc/hostname", "limit": 5}'
  echo '{"pattern": "*.md"}' | toolshed run Glob - --json
`;
