/**
 * `${VAR}` and `${VAR:-default}` in configuration values, as users write them in `.mcp.json`.
 * A variable that is unset (or empty, for the `:-` form) takes its default; one with no default
 * is reported, so the caller can skip the entry instead of starting a server with a hole in it.
 */

/** The expanded text, and the variables that were missing and had no default. */
export interface ExpandedText {
  text: string;
  missing: string[];
}

const REFERENCE = /\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g;

/** Expands every reference in `text` from `environment`. */
export function expandVariables(text: string, environment: Record<string, string | undefined>): ExpandedText {
  const missing: string[] = [];
  const expanded = text.replace(REFERENCE, (_whole, name: string, fallback: string | undefined) => {
    const value = environment[name];
    if (fallback !== undefined) return value === undefined || value === "" ? fallback : value;
    if (value !== undefined) return value;
    missing.push(name);
    return "";
  });
  return { text: expanded, missing };
}
