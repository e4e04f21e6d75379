/** A mistake in how the build was asked for (a flag, a flavor file, a target): exit 2, no stack. */
export class BuildConfigError extends Error {
  override readonly name = "BuildConfigError";
}

/** The build ran but what it produced fails a check (smoke test, leak, budget): exit 1, no stack. */
export class BuildCheckError extends Error {
  override readonly name = "BuildCheckError";
}
