/** The numbers skill loading enforces; the Skill tool's prompt quotes these same constants. */

/** A SKILL.md larger than this is skipped. */
export const MAX_SKILL_FILE_BYTES = 100_000;
/** At most this many skills are read from one folder. */
export const MAX_SKILLS_PER_SOURCE = 100;
/** A description longer than this is cut in the listing the model reads. */
export const MAX_DESCRIPTION_CHARS = 1536;
/** The listing of skills the model reads stays within this many characters; past it, skills are listed by name only. */
export const MAX_LISTING_CHARS = 8000;
/** When a skill has no description, this much of its first paragraph stands in. */
export const FALLBACK_DESCRIPTION_CHARS = 250;
