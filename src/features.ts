/**
 * The compile-time feature flags, and their types for `feature()` from `bun:bundle`.
 * A misspelled flag in a `feature("...")` call is a type error.
 */
export const FEATURES = ["PROACTIVE", "KAIROS", "MONITOR_TOOL", "AGENT_TRIGGERS", "AGENT_TRIGGERS_REMOTE"] as const;
export type FeatureName = (typeof FEATURES)[number];

declare module "bun:bundle" {
  interface Registry {
    features: FeatureName;
  }
}
