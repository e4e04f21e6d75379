/** `toolshed --help` for the interactive session (`toolshed [prompt] --help`). */
import { SESSION_FLAGS_HELP } from "./help.ts";

/** The interactive session's flags and keys. */
export const TERMINAL_HELP = `Usage: toolshed [prompt] [options]

At a terminal, starts an interactive session: the same agent, tools, permission rules and saved
sessions as "toolshed -p", with the answer streaming in as Markdown, each tool call on a line of
its own, and permission questions answered as they come up (1 yes, 2 yes and don't ask again,
3 no and say what to do instead). A prompt given here is sent first. Without a terminal, use -p.

In the session:
  Enter sends; \\ then Enter (or Alt+Enter) starts a new line; Up and Down recall earlier messages
  Escape stops the model (its request and every command it started); the session goes on
  Shift+Tab changes the permission mode; Ctrl-C twice or Ctrl-D leaves
  !<command> runs a shell command yourself (the model sees what it printed)
  @<path> attaches a file (Tab completes); /help lists the commands: /clear, /compact, /model,
  /permissions, /tools, /mcp, /cost, /resume, /exit, and your own from .toolshed/commands/*.md
  (and .claude/commands/*.md, and ~/.toolshed/commands/)

The model:
  --model <model>             sonnet, opus, haiku, or a full model id (default: settings' "model")
  --fallback-model <model>    Used when the model fails for good (overloaded, not found)
  --system-prompt <text>      Replace toolshed's own system prompt (--system-prompt-file <file>)
  --append-system-prompt <text>  Add to the end of it (--append-system-prompt-file <file>)

Sessions (kept under ~/.toolshed/projects/, one file per session, written as it goes):
  --session-id <uuid>         Use this id for the new session
  --resume, -r <id>           Continue a saved session
  --continue, -c              Continue the latest session of this folder
  --fork-session              With --resume or --continue: continue as a new session

Permissions:
${SESSION_FLAGS_HELP}
Colours follow NO_COLOR. Credentials as for -p: ANTHROPIC_API_KEY, ANTHROPIC_AUTH_TOKEN or an
"apiKeyHelper"; ANTHROPIC_BASE_URL points at another endpoint.

Examples:
  toolshed
  toolshed "explain what src/main.ts does"
  toolshed --continue --permission-mode acceptEdits
`;
