/**
 * Thrown by a tool whose call learned something the first permission check could not know
 * (where a host's name leads, say), asked again through its `canUseTool`, and was refused: the
 * pipeline reports it as a permission denial, like one refused before the call began.
 */
import type { PermissionDecision } from "../permissions/types.ts";

export class PermissionDeniedError extends Error {
  override readonly name = "PermissionDeniedError";
  constructor(readonly decision: PermissionDecision) {
    super(decision.reason);
  }
}
