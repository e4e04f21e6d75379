/** The numbers Read enforces; its prompt quotes these same constants. */

/** Lines returned when no limit is given. */
export const DEFAULT_LINE_LIMIT = 2000;
/** Longer lines are cut to this many characters. */
export const MAX_LINE_CHARS = 2000;
/** A file larger than this is not read whole: the model must give offset/limit or use Grep. */
export const MAX_WHOLE_FILE_BYTES = 256 * 1024;
/** A numbered result longer than this asks the model for a smaller window. */
export const MAX_OUTPUT_CHARS = 256 * 1024;
/** Images larger than this are refused (the API takes about 5 MB once base64-encoded). */
export const MAX_IMAGE_BYTES = 3_750_000;
/** At most this many PDF pages per call. */
export const MAX_PDF_PAGES = 20;
/** A PDF (or the pages picked from it) larger than this is refused. */
export const MAX_PDF_BYTES = 24 * 1024 * 1024;
/** A PDF or notebook larger than this is not loaded. */
export const MAX_DOCUMENT_BYTES = 100 * 1024 * 1024;
/** A read that has to scan a large file for its window stops after this long. */
export const READ_TIMEOUT_MS = 30_000;
/** How much of a file's start is looked at for NUL bytes, which make it binary, not text. */
export const BINARY_SNIFF_BYTES = 8192;
