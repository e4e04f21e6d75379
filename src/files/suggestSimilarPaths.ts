/** For a missing file: names in the same folder that the model may have meant. */
import { readdirSync } from "node:fs";
import { basename, dirname, extname, join } from "node:path";

function editDistance(a: string, b: string): number {
  const previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = previous[0] as number;
    previous[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = previous[j] as number;
      previous[j] = Math.min(above + 1, (previous[j - 1] as number) + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return previous[b.length] as number;
}

/** At most this many names of a folder are compared: a folder of a million files must not make a missing-file message slow. */
const MAX_NAMES_COMPARED = 10_000;

/** Up to `max` existing paths close to `path`: same name in another case or extension, or a near spelling. */
export function suggestSimilarPaths(path: string, max = 3): string[] {
  const folder = dirname(path);
  const wanted = basename(path).toLowerCase();
  const wantedStem = basename(wanted, extname(wanted));
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return [];
  }
  // Names longer than any file system allows cannot be meant; the distance of a huge one would be costly.
  if (wanted.length > 255) return [];
  return names
    .slice(0, MAX_NAMES_COMPARED)
    .map((name) => {
      const lower = name.toLowerCase();
      const stem = basename(lower, extname(lower));
      const distance = lower === wanted || stem === wantedStem ? 0 : editDistance(lower, wanted);
      return { name, distance };
    })
    .filter(({ distance }) => distance <= Math.max(2, Math.floor(wanted.length / 4)))
    .sort((a, b) => a.distance - b.distance || (a.name < b.name ? -1 : 1))
    .slice(0, max)
    .map(({ name }) => join(folder, name));
}

/** "File does not exist" with close names and the working folder, as Read and Edit say it. */
export function missingFileMessage(filePath: string, context: { cwd: string }): string {
  const similar = suggestSimilarPaths(filePath);
  const hint = similar.length > 0 ? ` Did you mean ${similar.join(" or ")}?` : "";
  return `File does not exist: ${filePath}.${hint} The working folder is ${context.cwd}.`;
}
