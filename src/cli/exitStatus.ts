/** The exit statuses the CLI's commands share. */

/** What a shell expects of a program stopped by Ctrl-C (128 + SIGINT). */
export const INTERRUPTED_EXIT_STATUS = 130;

/** Bad usage: an unknown flag or command, a malformed argument. */
export const USAGE_EXIT_STATUS = 2;

/** What a shell expects of a program ended by SIGTERM (128 + 15). */
export const TERMINATED_EXIT_STATUS = 143;
