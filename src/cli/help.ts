/** The help texts of the CLI. */
export const MAIN_HELP = `toolshed: the agent runtime for coding agents

Usage:
  toolshed ["<prompt>"] [options]    At a terminal: an interactive session (flags, keys: "toolshed -c --help")
  toolshed -p "<prompt>" [options]   Run the agent on a prompt and print its answer ("toolshed -p --help")
  toolshed <command> [options]

Commands:
  tools          List the tools the model would be given (name, description, input schema)
  run <Tool>     Run one tool call through the whole pipeline (permissions included)
  permissions    "check <Tool> [json]": the permission decision for a call; "list": the rules
  trust          Trust this folder, so its own allow rules apply ("--revoke" to undo)
  sessions       "list": the saved sessions of this folder; "show <id>": one conversation
  help           Show this help, or "toolshed help <command>"

Options:
  --print, -p    Run the agent once, headless (see "toolshed -p --help")
  --version, -v  Print the version, build flavor, features, commit and Bun version
  --help, -h     Show help (also after any command)

Examples:
  toolshed -p "explain what src/main.ts does" --output-format json
  toolshed tools --json
  echo '{"pattern": "**/*.ts"}' | toolshed run Glob -
`;

/** The flags every tool-running command takes (parsed in cli/sessionFlags.ts). */
export const SESSION_FLAGS_HELP = `  --settings <file or json>   Extra settings: a file or inline JSON (above local, project, user)
  --allowedTools <rules...>   Allow rules: several values, or comma lists, e.g. "Bash(npm test *)" Read
                              (also --allowed-tools)
  --disallowedTools <rules...> Deny rules, same form (also --disallowed-tools)
  --permission-mode <mode>    default, acceptEdits, plan, dontAsk or bypassPermissions
  --dangerously-skip-permissions  The same as --permission-mode bypassPermissions
  --add-dir <folders...>      Other folders that count as inside
`;

/** `toolshed tools --help`. */
export const TOOLS_HELP = `Usage: toolshed tools [--json]

Lists the tool pool exactly as the Messages API would receive it, in its stable order
(built-in tools sorted by name, then MCP tools sorted by name).

Options:
  --json                      Print a JSON array of {name, description, input_schema}
  --help, -h                  Show this help
${SESSION_FLAGS_HELP}`;

/** `toolshed run --help`. */
export const RUN_HELP = `Usage: toolshed run <Tool> [json | -] [--json]
       toolshed run --calls <file | -> [--json]

Runs one call of <Tool> through the whole pipeline: lookup, input checks, permissions, the call,
and result shaping (large results are saved to a file). The input is a JSON object given as the
second argument, or read from standard input with "-" (or when standard input is a pipe).

With --calls, runs a JSON array of {"name": "<Tool>", "input": {...}} in order in one session (so
a Read can be followed by an Edit, and a background task read back), printing each result under
"[n] <Tool>"; with --json, one JSON array of the tool_result blocks.

Options:
  --json                      Print the tool_result block as JSON instead of its text
  --calls <file | ->          Run the calls in <file> (or standard input) in one session
  --help, -h                  Show this help
${SESSION_FLAGS_HELP}
Exit status: 0 when the tool succeeded, 1 when it returned an error (including a permission
denial), 2 for bad usage (a tool name that does not exist included), 130 when stopped by Ctrl-C.

Examples:
  toolshed run Read '{"file_path": "/etc/hostname", "limit": 5}'
  echo '{"pattern": "*.md"}' | toolshed run Glob - --json
  toolshed run --calls calls.json --allowedTools Edit
`;

/** `toolshed permissions --help`. */
export const PERMISSIONS_HELP = `Usage: toolshed permissions check <Tool> [json | -] [--json]
       toolshed permissions list [--json]

check: the permission decision for one call of <Tool>, without running it: allow, ask or deny,
the reason, the rule that decided and its source, and for shell commands the verdict on each
part. The input is JSON as for "toolshed run". With --json:
  {"decision": "allow|ask|deny", "reason", "rule", "source", "parts": [...], "suggestedRules": [...]}
list: the effective rules with their sources, the mode, additional folders, the settings files
read, and the project rules skipped because the folder is not trusted.
PreToolUse hooks (the "hooks" settings key) run first in "check" as in "run": a hook's deny shows
as the rule 'PreToolUse hook "<command>"' with its source; a failing hook warns on stderr.

Settings come from (highest first): /etc/toolshed/managed-settings.json (TOOLSHED_MANAGED_SETTINGS
moves it), the command line, .toolshed/settings.local.json, .toolshed/settings.json, and
~/.toolshed/settings.json (TOOLSHED_CONFIG_DIR moves ~/.toolshed).

Options:
  --json                      Print JSON
  --help, -h                  Show this help
${SESSION_FLAGS_HELP}
Examples:
  toolshed permissions check Bash '{"command": "ls | rm -rf /"}' --disallowedTools "Bash(rm *)"
  toolshed permissions list --json
`;

/** `toolshed trust --help`. */
export const TRUST_HELP = `Usage: toolshed trust [folder] [--revoke]

Trusts the folder (the working folder by default): its own allow rules and additional folders
(.toolshed/settings.json and settings.local.json) apply from now on. Deny and ask rules always
apply. The list lives in trusted-folders.json under ~/.toolshed (TOOLSHED_CONFIG_DIR moves it).

Options:
  --revoke                    Stop trusting the folder (and any trusted folder inside it)
  --help, -h                  Show this help
`;

/** `toolshed -p --help`. */
export const PRINT_HELP = `Usage: toolshed -p [prompt] [options]

Runs the agent on one prompt with nobody at the keyboard: the model reads, searches, edits and
runs commands through toolshed's tools, under the permission rules of the folder; a call that
would need someone's approval is refused (the model is told why, and the result lists it under
permission_denials). The prompt is the argument; piped standard input comes before it, or is the
prompt when there is no argument (at most 10 MB).

Output:
  --output-format <format>    text (the answer, default), json (one result object), or
                              stream-json (one JSON object per line as it happens: system/init
                              first, then assistant and user messages, the result last)
  --include-partial-messages  With stream-json: the model's raw stream events too
  --input-format <format>     text (default) or stream-json: user messages as JSON lines on
                              standard input ({"type": "user", "message": {...}}), one turn each
  --verbose                   With text: a line about the run on standard error

The model:
  --model <model>             sonnet, opus, haiku, or a full model id (default: settings' "model")
  --fallback-model <model>    Used when the model fails for good (overloaded, not found)
  --max-turns <n>             At most n tool-use round trips (the final answer does not count)
  --max-budget-usd <dollars>  Stop when the estimated cost reaches this
  --system-prompt <text>      Replace toolshed's own system prompt (--system-prompt-file <file>)
  --append-system-prompt <text>  Add to the end of it (--append-system-prompt-file <file>)

Sessions (kept under ~/.toolshed/projects/, one file per session):
  --session-id <uuid>         Use this id for the new session
  --resume, -r <id>           Continue a saved session
  --continue, -c              Continue the latest session of this folder
  --fork-session              With --resume or --continue: continue as a new session
  --no-session-persistence    Keep nothing

Permissions:
${SESSION_FLAGS_HELP}
Credentials: ANTHROPIC_API_KEY, or ANTHROPIC_AUTH_TOKEN, or an "apiKeyHelper" command in settings;
ANTHROPIC_BASE_URL points at another endpoint.

Exit status: 0 success, 1 the run failed (the result says why), 2 bad usage, 130 Ctrl-C.

Examples:
  toolshed -p "what does this project do?"
  git diff | toolshed -p "review this change" --output-format json
  toolshed -p "fix the failing test" --allowedTools "Bash(npm test *)" Edit --max-turns 20
  toolshed -p --continue "now add a test for it"
`;

/** `toolshed sessions --help`. */
export const SESSIONS_HELP = `Usage: toolshed sessions [list [--all] | show <id>] [--json]

list: the saved sessions of this folder, newest first (with --all, of every folder).
show: one session's conversation.
Continue one with: toolshed -p --resume <id> "..." (or --continue for the latest).

Options:
  --all                       Every folder's sessions
  --json                      Print JSON
  --help, -h                  Show this help
`;
