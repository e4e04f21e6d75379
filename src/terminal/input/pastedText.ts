/**
 * Long pasted text stands in the input as a short placeholder ("[Pasted text #1 +40 lines]"), so
 * the editor stays usable; the placeholders become the text again when the message is sent.
 */

/** Pastes up to this size go into the input as they are. */
export const INLINE_PASTE_CHARS = 800;
export const INLINE_PASTE_LINES = 8;

export interface PastedTexts {
  /** The text to insert for a paste: the paste itself, or a placeholder for a long one. */
  insert(text: string): string;
  /** `text` with every placeholder replaced by what was pasted. */
  expand(text: string): string;
  clear(): void;
}

/** A store of the session's pastes. */
export function createPastedTexts(): PastedTexts {
  const pastes = new Map<string, string>();
  let count = 0;
  return {
    insert(text) {
      const clean = text.replace(/\r\n?/g, "\n");
      const lines = clean.split("\n").length;
      if (clean.length <= INLINE_PASTE_CHARS && lines <= INLINE_PASTE_LINES) return clean;
      count += 1;
      const placeholder = `[Pasted text #${count} +${lines} lines]`;
      pastes.set(placeholder, clean);
      return placeholder;
    },
    expand(text) {
      let expanded = text;
      for (const [placeholder, pasted] of pastes) expanded = expanded.split(placeholder).join(pasted);
      return expanded;
    },
    clear() {
      pastes.clear();
    },
  };
}
