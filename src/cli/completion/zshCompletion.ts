/** The zsh completion script: zsh's own bash-completion layer running the bash function, so both shells offer the same words. */
import { bashCompletion } from "./bashCompletion.ts";
import type { CompletionSpec } from "./completionSpec.ts";

export function zshCompletion(spec: CompletionSpec): string {
  return `# toolshed completion for zsh: add to ~/.zshrc
#   eval "$(toolshed completion zsh)"
autoload -Uz compinit bashcompinit
(( $+functions[compdef] )) || compinit
bashcompinit
${bashCompletion(spec).split("\n").filter((line) => !line.startsWith("# ") && !line.startsWith("#   ")).join("\n")}`;
}
