/** What a build found out about its flavors: the audit the reports are written from. */
import type { FlavorAudit, FlavorDifference } from "./auditFlavor.ts";
import type { BaselineRow } from "./baseline.ts";

export interface BuildAudit {
  commit: string;
  bunVersion: string;
  flavors: FlavorAudit[];
  differences: FlavorDifference[];
  baseline: BaselineRow[];
  baselineUpdated: boolean;
}
