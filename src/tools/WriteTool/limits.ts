/** The numbers Write enforces. */

/**
 * The most of an existing file Write reads to compare it with what this session read (its
 * hash). A larger file is compared by time, size and inode only, and its line ends and byte
 * order mark are taken from its start.
 */
export const MAX_WRITE_COMPARE_BYTES = 32 * 1024 * 1024;
/** How much of a large existing file's start Write reads to learn its line ends and byte order mark. */
export const FORMAT_SAMPLE_BYTES = 64 * 1024;
