/**
 * Notification: tells the person's own hooks that toolshed is waiting for them (a permission
 * question, a question from the agent). The matcher selects the notification type. What the
 * hooks print is ignored; a failure only warns. Callers do not wait for it: the question is
 * asked at once, and the hooks run beside it, each within its timeout. The session's ask
 * handler fires it for every question it asks; other waits call notifyPerson themselves.
 */
import { describeError } from "../errors/describeError.ts";
import type { AskHandler, QuestionsRequest } from "../permissions/askHandler.ts";
import { hookScopeOf, reportHookFailures, runHooks, selectHooks, type HookScopeSource } from "./runHooks.ts";

/** The notification types of the leading agent toolshed fires, and room for others. */
export type NotificationType = "permission_prompt" | "idle_prompt" | "elicitation_dialog" | "agent_needs_input" | "agent_completed" | (string & {});

export interface PersonNotification {
  type: NotificationType;
  message: string;
  title?: string;
}

/** Runs the Notification hooks for `notification`; resolves when they are done, never rejects. */
export async function notifyPerson(context: HookScopeSource, notification: PersonNotification): Promise<void> {
  if (selectHooks(context.hooks, "Notification", [notification.type]).length === 0) return;
  const scope = hookScopeOf(context);
  try {
    const runs = await runHooks({
      scope,
      event: "Notification",
      matchValues: [notification.type],
      fields: { message: notification.message, ...(notification.title === undefined ? {} : { title: notification.title }), notification_type: notification.type },
    });
    reportHookFailures(runs, scope);
  } catch (error) {
    // Nobody awaits this: a failure of toolshed itself must not become an unhandled rejection.
    scope.warn?.(`the Notification hooks could not be run (${describeError(error)})`);
  }
}

/**
 * The ask handler with a notification fired beside every question it is asked (not awaited:
 * the question is shown at once): `permission_prompt` for a permission question,
 * `agent_needs_input` for the model's own questions. The handler itself when no Notification
 * hook is configured.
 */
export function notifyingAskHandler(handler: AskHandler, context: HookScopeSource): AskHandler {
  if (!context.hooks.some((hook) => hook.event === "Notification")) return handler;
  const answerQuestions = handler.answerQuestions?.bind(handler);
  return {
    get interactive() {
      return handler.interactive;
    },
    ask(request) {
      void notifyPerson(context, { type: "permission_prompt", title: "Permission needed", message: `toolshed needs your permission to use ${request.tool.name}` });
      return handler.ask(request);
    },
    ...(answerQuestions === undefined ? {} : {
      answerQuestions(request: QuestionsRequest) {
        const first = request.questions[0]?.question;
        void notifyPerson(context, { type: "agent_needs_input", title: "Question", message: first === undefined ? "toolshed has a question for you" : `toolshed has a question for you: ${first}` });
        return answerQuestions(request);
      },
    }),
  };
}
