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
  trust          Trust this folder, so its own allow rules and other settings apply ("--revoke" to undo)
  sessions       "list": the saved sessions of this folder; "show <id>": one conversation
  update         Replace this binary with the newest release, checked against its checksums
  doctor         Check this installation: settings and their problems, ripgrep, credentials, MCP servers
  completion     Print the completion script for bash, zsh or fish
  mcp            MCP servers: "list", "get", "add", "remove"; "serve" offers toolshed's tools
  help           Show this help, or "toolshed help <command>"

Options:
  --print, -p    Run the agent once, headless (see "toolshed -p --help")
  --version, -v  Print the version, build flavor, features, commit and Bun version
  --help, -h     Show help (also after any command)

Examples:
  toolshed -p "explain what src/main.ts does" --output-format json
  toolshed tools --json
  toolshed run Read '{"file_path": "/etc/hosts"}' --allowedTools Read
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

Each run is one session: what a call leaves behind (the files it read, a background task) is gone
when the run ends. With --calls, runs a JSON array of {"name": "<Tool>", "input": {...}} in order in
one session (so a Read or Write can be followed by an Edit, and a background task read back),
printing each result under "[n] <Tool>"; with --json, one JSON array of the tool_result blocks.

Options:
  --json                      Print the tool_result block as JSON instead of its text
  --calls <file | ->          Run the calls in <file> (or standard input) in one session
  --help, -h                  Show this help
${SESSION_FLAGS_HELP}
Exit status: 0 when the tool succeeded, 1 when it returned an error (a permission denial, or a
Bash command that exited non-zero, included), 2 for bad usage (a tool name that does not exist
included), 130 when stopped by Ctrl-C.

Nobody can answer questions in a script, so a call that would ask is refused with the rule that
would allow it: give it with --allowedTools, or answer "always" once at a terminal (the answer is
kept for this folder in ~/.toolshed/answers/).

Examples:
  toolshed run Read '{"file_path": "/etc/hosts", "limit": 5}' --allowedTools Read
  echo '{"pattern": "*.md"}' | toolshed run Glob - --json
  toolshed run Bash '{"command": "ls -la"}'
  printf '[{"name": "Write", "input": {"file_path": "%s/notes.txt", "content": "one"}}, {"name": "Edit", "input": {"file_path": "%s/notes.txt", "old_string": "one", "new_string": "two"}}]' "$PWD" "$PWD" | toolshed run --calls - --allowedTools Edit
`;

/** `toolshed permissions --help`. */
export const PERMISSIONS_HELP = `Usage: toolshed permissions check <Tool> [json | -] [--json]
       toolshed permissions list [--json]

check: the permission decision for one call of <Tool>, without running it: allow, ask or deny,
the reason, the rule that decided and its source, and for shell commands the verdict on each
part. The input is JSON as for "toolshed run". With --json:
  {"decision": "allow|ask|deny", "reason", "rule", "source", "parts": [...], "suggestedRules": [...]}
list: the effective rules with their sources and the file and line each was written at, the mode,
additional folders, the settings files read, what the project's files would widen but may not
because the folder is not trusted, and every warning about the settings (misspelt keys, tool
names and rules, with the nearest valid spelling).
PreToolUse hooks (the "hooks" settings key) run first in "check" as in "run": a hook's deny shows
as the rule 'PreToolUse hook "<command>"' with its source; a failing hook warns on stderr.

Settings come from (highest first): /etc/toolshed/managed-settings.json (TOOLSHED_MANAGED_SETTINGS
moves it), the command line, .toolshed/settings.local.json, .claude/settings.local.json, your
"always" answers for this folder (~/.toolshed/answers/), .toolshed/settings.json,
.claude/settings.json, and ~/.toolshed/settings.json (TOOLSHED_CONFIG_DIR moves ~/.toolshed). Until
the folder is trusted, its own files may only add deny and ask rules or a stricter mode.

Options:
  --json                      Print JSON
  --help, -h                  Show this help
${SESSION_FLAGS_HELP}
Exit status of check: 0 allow, 1 deny, 3 ask (2 is bad usage, as everywhere).

Examples:
  toolshed permissions check Bash '{"command": "ls | rm -rf /"}' --disallowedTools "Bash(rm *)"
  toolshed permissions list --json
`;

/** `toolshed trust --help`. */
export const TRUST_HELP = `Usage: toolshed trust [folder] [--revoke]

Trusts the folder (the working folder by default; it must exist): everything its own settings
files (.toolshed/ and .claude/, settings.json and settings.local.json) would widen applies from
now on: allow rules, additional folders, a looser defaultMode, hooks, env, apiKeyHelper, MCP
servers. Their deny and ask rules and a stricter mode apply without trust, and so do your own
"always" answers. The list lives in trusted-folders.json under ~/.toolshed (TOOLSHED_CONFIG_DIR
moves it).

Options:
  --revoke                    Stop trusting the folder (and any trusted folder inside it)
  --help, -h                  Show this help

Examples:
  toolshed trust
  toolshed trust --revoke
`;

/** `toolshed -p --help`. */
export const PRINT_HELP = `Usage: toolshed -p [prompt] [options]

Runs the agent on one prompt with nobody at the keyboard: the model reads, searches, edits and
runs commands through toolshed's tools, under the permission rules of the folder; a call that
would need someone's approval is refused (the model is told why, and the result lists it under
permission_denials). The prompt is the argument; piped standard input comes before it, or is the
prompt when there is no argument (at most 10 MB). With an argument, a pipe that sends nothing
within 3 s is let go with a warning (give </dev/null to skip the wait).

Output:
  --output-format <format>    text (the answer, default), json (one result object), or
                              stream-json (one JSON object per line as it happens: system/init
                              first, then assistant and user messages, the result last)
  --include-partial-messages  With stream-json: the model's raw stream events too
  --input-format <format>     text (default) or stream-json: user messages as JSON lines on
                              standard input ({"type": "user", "message": {...}}), one turn each;
                              a {"type": "control_request", "request": {"subtype": "interrupt"}}
                              stops the running turn (answered with a control_response)
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
MCP servers (from settings, .mcp.json and the user's mcp.json; see "toolshed mcp --help"):
  --mcp-config <file or json>  More servers from a file or inline JSON (may repeat)
  --strict-mcp-config         Use only the servers of --mcp-config

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

/** `toolshed update --help`. */
export const UPDATE_HELP = `Usage: toolshed update [--check] [--force] [--from <url or folder>]

Replaces this toolshed binary with the newest release of its flavor for this machine, from the
place install.sh downloads from: --from, else $TOOLSHED_RELEASE_URL, else the project's release
location. The archive is checked against the release's SHA256SUMS and the new binary must run
before it replaces the old one; on any failure the installed toolshed is left as it was.
A toolshed installed by npm is updated by npm (npm install -g toolshed@latest).

Options:
  --check                     Only say whether a newer release is available
  --force                     Install the release's version even when it is not newer
  --from <url or folder>      Another release location (https, http on this machine, or a folder)
  --help, -h                  Show this help
`;

/** `toolshed mcp --help` (also shown for "toolshed mcp <subcommand> --help"). */
export const MCP_HELP = `Usage: toolshed mcp list [--json] [--mcp-config <file or json>...] [--strict-mcp-config]
       toolshed mcp get <name> [--json] [--mcp-config <file or json>...] [--strict-mcp-config]
       toolshed mcp add [--transport stdio|http|sse] [--scope user|project] [-e KEY=VALUE]...
                        [-H "Name: value"]... <name> <url>
       toolshed mcp add [--scope user|project] [-e KEY=VALUE]... <name> -- <command> [args...]
       toolshed mcp remove <name> [--scope user|project]
       toolshed mcp serve [--http <host:port>] [--allow-remote]

MCP servers come from (highest first): --mcp-config, the project's .mcp.json, and the user's
mcp.json in ~/.toolshed (TOOLSHED_CONFIG_DIR moves it), in the shape users already write:
  {"mcpServers": {"<name>": {"command": "npx", "args": ["-y", "pkg"], "env": {"KEY": "value"}}}}
  {"mcpServers": {"<name>": {"type": "http", "url": "https://host/mcp", "headers": {"K": "v"}}}}
("type" may be stdio, http, streamable-http or sse; \${VAR} and \${VAR:-default} are expanded in
command, args, env, url and headers). A project's own .mcp.json servers start only in a trusted
folder ("toolshed trust"), when your user settings name them in enabledMcpjsonServers (or set
enableAllProjectMcpServers), or once you approve them; disabledMcpjsonServers turns one off.

list     Every server with its state: connected (with its tool count), failed (with the reason),
         needs approval, or disabled. Each server that may start is connected once to check it.
get      One server's configuration, state, and tools (named mcp__<server>__<tool>).
add      Adds a server to the user's mcp.json (default) or, with --scope project, to .mcp.json.
         A URL means http unless --transport says sse; everything after -- is the server's
         command line, untouched. Names may use letters, digits, - and _; a name already in use
         is refused, saying where it is.
remove   Removes a server from the file that holds it (--scope when both do).
serve    Offers toolshed's tools (this folder's pool, without the plan-mode and question tools,
         and its permission rules) to an MCP client: over standard input and output, or with
         --http over streamable HTTP at /mcp, a session of its own for each client (port 0 picks
         a free port; the URL is printed). A call the rules would ask about is asked of the
         client's person through elicitation when the client supports it, and refused otherwise
         with the rule to add. Over HTTP every request must carry the token in the printed URL
         (?token=..., or Authorization: Bearer <token>); TOOLSHED_MCP_TOKEN fixes it across
         restarts. Only 127.0.0.1, localhost or [::1] unless --allow-remote (plain HTTP shows
         the token to the network); requests whose Host or Origin names another host are refused.

Options:
  --json                      Print JSON (list, get)
  --mcp-config <file or json> MCP servers from a file or inline JSON (may repeat, several values
                              may follow it); --strict-mcp-config uses only these
  --settings <file or json>   Extra settings (list, get, serve), e.g. enabledMcpjsonServers
  --transport, -t             stdio, http or sse (add)
  --scope, -s                 user or project (add, remove)
  -e KEY=VALUE                An environment variable of a stdio server (add; may repeat)
  -H "Name: value"            A header of an http or sse server (add; may repeat)
  --http <host:port>          Serve over streamable HTTP instead of stdio (serve)
  --allow-remote              Allow serving on an address other machines can reach (serve)
  --help, -h                  Show this help
${SESSION_FLAGS_HELP.split("\n").filter((line) => !line.includes("--settings")).join("\n")}
Environment: MCP_TIMEOUT (ms to connect, default 30000), MCP_TOOL_TIMEOUT (ms per call, default
600000), MAX_MCP_OUTPUT_TOKENS (a result's size before it is saved to a file, default 25000),
TOOLSHED_MCP_ALLOWLIST_ENV=1 (stdio servers inherit only HOME, LOGNAME, PATH, SHELL, TERM, USER).
Each stdio server's standard error goes to mcp-logs/<server>.log in the session folder.

Examples:
  toolshed mcp add files -- npx -y @modelcontextprotocol/server-filesystem /tmp
  toolshed mcp add --transport http --scope project docs https://example.com/mcp -H "Authorization: Bearer \${TOKEN}"
  toolshed mcp list
  toolshed mcp serve --http 127.0.0.1:0
`;

/** `toolshed doctor --help`. */
export const DOCTOR_HELP = `Usage: toolshed doctor [--json]

Checks this installation and this folder, and says what it finds: the version and flavor, the
config folder, every settings file with its problems, whether the folder is trusted, ripgrep,
credentials (present or not; never their values), each MCP server (started, listed, stopped
again) and the agent files. Exit status 0 when nothing is a problem, 1 otherwise.

Options:
  --json                      Print the checks as JSON
  --help, -h                  Show this help

Examples:
  toolshed doctor
`;

/** `toolshed completion --help`. */
export const COMPLETION_HELP = `Usage: toolshed completion bash|zsh|fish

Prints the shell's completion script: the commands, their options, the -p options, subcommands
and tool names.

  bash:  add  eval "$(toolshed completion bash)"  to ~/.bashrc
  zsh:   add  eval "$(toolshed completion zsh)"  to ~/.zshrc
  fish:  toolshed completion fish > ~/.config/fish/completions/toolshed.fish

Options:
  --help, -h                  Show this help

Examples:
  toolshed completion bash
`;
