/** The numbers background tasks and shell commands live within; Bash's prompt quotes them. */

/**
 * A background task's log is emptied each time it passes this size, and the task keeps running:
 * a command printing without end (`yes`) would otherwise fill the disk (5 GB in 3 s). What was
 * dropped unread is reported by TaskOutput.
 */
export const MAX_TASK_LOG_BYTES = 256 * 1024 * 1024;
/** How often the size of a command's output file is checked. */
export const OUTPUT_CHECK_INTERVAL_MS = 100;
/** Below this much free space the disk holding a command's output counts as full: its output may be lost. */
export const LOW_DISK_SPACE_BYTES = 64 * 1024;
