/**
 * The few facts asked of node:os (this machine's name, its temporary folder, the kernel's
 * release), with node:os loaded on the first question: loading it costs start-up about as much
 * as the rest of `toolshed tools` does, and most commands never ask.
 */
import { lazy } from "../lazy.ts";

const os = lazy(() => require("node:os") as typeof import("node:os"));

/** This machine's host name. */
export const hostname = (): string => os().hostname();

/** The operating system's folder for temporary files. */
export const tmpdir = (): string => os().tmpdir();

/** The kernel's release, such as "6.8.0-45-generic". */
export const osRelease = (): string => os().release();
