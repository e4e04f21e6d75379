/** The bash completion script (also what zsh runs, through bashcompinit). */
import type { CompletionSpec } from "./completionSpec.ts";

/** A word list as one single-quoted shell word. */
function quoted(words: readonly string[]): string {
  return `'${words.join(" ").replaceAll("'", "'\\''")}'`;
}

export function bashCompletion(spec: CompletionSpec): string {
  const cases = spec.commands.map((command) =>
    `    ${command.name}) options=${quoted(command.options)}; words=${quoted(command.words)} ;;`).join("\n");
  return `# toolshed completion for bash: add to ~/.bashrc
#   eval "$(toolshed completion bash)"
_toolshed() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" command="" position=0 print=0 options="" words="" i word
  for ((i = 1; i < COMP_CWORD; i++)); do
    word="\${COMP_WORDS[i]}"
    case "$word" in
      -p|--print) print=1 ;;
      -*) ;;
      *) if [ -z "$command" ] && [ "$print" = 0 ]; then command="$word"; else position=$((position + 1)); fi ;;
    esac
  done
  if [ "$print" = 1 ] || { [ -z "$command" ] && [[ "$cur" == -* ]] && [ "$COMP_CWORD" -gt 1 ]; }; then
    COMPREPLY=($(compgen -W ${quoted(spec.printOptions)} -- "$cur"))
    return
  fi
  if [ -z "$command" ]; then
    if [[ "$cur" == -* ]]; then COMPREPLY=($(compgen -W ${quoted([...spec.topOptions, ...spec.printOptions])} -- "$cur"));
    else COMPREPLY=($(compgen -W ${quoted(spec.commands.map((command) => command.name))} -- "$cur")); fi
    return
  fi
  case "$command" in
${cases}
    *) return ;;
  esac
  if [[ "$cur" == -* ]]; then
    COMPREPLY=($(compgen -W "$options" -- "$cur"))
  elif [ "$position" = 0 ] && [ -n "$words" ]; then
    COMPREPLY=($(compgen -W "$words" -- "$cur"))
  fi
}
complete -o default -o bashdefault -F _toolshed toolshed
`;
}
