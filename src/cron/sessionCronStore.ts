/** The session's one CronStore: a service that only builds with the Cron tools contain. */
import { defineService } from "../session/serviceKey.ts";
import { CronStore } from "./CronStore.ts";

/** The key Cron tools reach the store with: `context.services.use(cronStoreService)`. */
export const cronStoreService = defineService<CronStore>({
  name: "cron store",
  create: (scope) => new CronStore(scope.cwd),
});
