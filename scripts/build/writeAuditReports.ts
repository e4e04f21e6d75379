/** Writes `audit.json`, `audit.md` and `audit.html` into the output folder. */
import { join } from "node:path";
import { writeFileAtomic } from "../../src/files/writeFileAtomic.ts";
import { renderAuditHtml } from "./auditHtml.ts";
import { renderAuditMarkdown } from "./auditMarkdown.ts";
import type { BuildAudit } from "./buildAudit.ts";

export function writeAuditReports(outputDirectory: string, audit: BuildAudit): void {
  writeFileAtomic(join(outputDirectory, "audit.json"), `${JSON.stringify(audit, null, 2)}\n`, { createParents: true });
  writeFileAtomic(join(outputDirectory, "audit.md"), renderAuditMarkdown(audit), { createParents: true });
  writeFileAtomic(join(outputDirectory, "audit.html"), renderAuditHtml(audit), { createParents: true });
}
