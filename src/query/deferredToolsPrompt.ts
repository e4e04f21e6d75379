/** Every word the loop says to the model about deferred tools (the loader says its own in its prompt.ts). */

/** The system block that names the deferred tools, so the model knows what it can load. */
export function deferredToolsText(loader: string, names: readonly string[]): string {
  return `<deferred-tools>\nThese tools are available, but their definitions are not loaded yet. Load the ones you need with ${loader} ` +
    `(query "select:<name>,<name>" loads them by name) before calling them; once loaded they stay loaded.\n${names.join("\n")}\n</deferred-tools>`;
}

/** What a loaded tool's reference becomes for an endpoint that does not take tool references: its definition, in full. */
export function loadedToolText(name: string, definition: unknown): string {
  return `${name} is loaded and can be called now. Its definition:\n${JSON.stringify(definition)}`;
}
