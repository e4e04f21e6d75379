/**
 * The session's skills, read once on first use (so the listing the model reads and the skills it
 * can run stay the same for the whole session), from the user's folder and the session's working
 * folder; the project's skills count as trusted only when that folder is trusted.
 */
import { defineService } from "../session/serviceKey.ts";
import { userConfigDirectory } from "../settings/settingsPaths.ts";
import { isFolderTrusted } from "../settings/trustStore.ts";
import { loadSkills, skillFolders, type SkillCatalog } from "./loadSkills.ts";

/** `context.services.use(skillsService)`: the session's skills and the warnings about files skipped. */
export const skillsService = defineService<SkillCatalog>({
  name: "skills",
  create: (scope) => loadSkills(skillFolders({ cwd: scope.cwd, configDirectory: userConfigDirectory(), projectTrusted: isFolderTrusted(scope.cwd) })),
});
