/**
 * Makes an edit, already checked on the LF working text, in the file's own text, so every line
 * outside the replaced regions keeps its exact line end (files that mix LF and CRLF stay mixed).
 */

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The line end inside `matched`, or else the one ending the line the match sits on, or `fallback`. */
function lineEndNear(diskText: string, matchedStart: number, matched: string, fallback: string): string {
  const inside = /\r?\n/.exec(matched);
  if (inside !== null) return inside[0];
  const after = diskText.indexOf("\n", matchedStart + matched.length);
  if (after === -1) return fallback;
  return diskText[after - 1] === "\r" ? "\r\n" : "\n";
}

/**
 * Replaces `oldString` (LF line ends) in `diskText` (any line ends, no BOM): the first match, or
 * every match with `replaceAll`. A newline in `newString` takes the line end of the text it
 * replaces.
 */
export function replaceInDiskText(options: {
  diskText: string;
  oldString: string;
  newString: string;
  replaceAll: boolean;
  fallbackLineEnd: string;
}): string {
  const { diskText, oldString, newString, replaceAll, fallbackLineEnd } = options;
  const pattern = new RegExp(oldString.split("\n").map(escapeRegExp).join("\\r?\\n"), replaceAll ? "g" : "");
  return diskText.replace(pattern, (matched: string, offset: number) =>
    newString.replaceAll("\n", lineEndNear(diskText, offset, matched, fallbackLineEnd)),
  );
}
