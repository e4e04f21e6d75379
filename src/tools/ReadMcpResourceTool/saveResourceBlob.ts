/** Saves a resource's binary content under the session folder, under a name no other file has. */
import { closeSync, mkdirSync, openSync } from "node:fs";
import { join } from "node:path";
import { writeFileAtomic } from "../../files/writeFileAtomic.ts";

const EXTENSIONS: Record<string, string> = {
  "image/png": ".png",
  "image/jpeg": ".jpg",
  "image/gif": ".gif",
  "image/webp": ".webp",
  "application/pdf": ".pdf",
  "application/zip": ".zip",
  "application/gzip": ".gz",
  "application/json": ".json",
};

/** Writes the decoded `blob` to `<sessionDirectory>/mcp-resources/<name>` and returns the path and size. */
export function saveResourceBlob(sessionDirectory: string, uri: string, mimeType: string | undefined, blob: string): { path: string; bytes: number } {
  const folder = join(sessionDirectory, "mcp-resources");
  mkdirSync(folder, { recursive: true });
  const name = (uri.split("/").filter(Boolean).pop() ?? "resource").replace(/[^A-Za-z0-9_.-]/g, "_").slice(0, 80).replace(/^\.+/, "") || "resource";
  const dot = name.lastIndexOf(".");
  const base = dot > 0 ? name.slice(0, dot) : name;
  const extension = dot > 0 ? name.slice(dot) : (EXTENSIONS[mimeType ?? ""] ?? ".bin");
  const data = Buffer.from(blob, "base64");
  for (let attempt = 1; ; attempt++) {
    const path = join(folder, `${attempt === 1 ? base : `${base}-${attempt}`}${extension}`);
    try {
      // Claim the name first, so two reads of the same resource never overwrite each other.
      closeSync(openSync(path, "wx"));
    } catch (error) {
      if (error instanceof Error && "code" in error && error.code === "EEXIST") continue;
      throw error;
    }
    writeFileAtomic(path, data);
    return { path, bytes: data.length };
  }
}
