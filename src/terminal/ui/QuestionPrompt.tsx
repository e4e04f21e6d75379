/** Answers the permission question: 1-3 pick at once, arrows move, Enter takes the marked one, Escape says no and stops the model. */
import { useInput } from "ink";
import { useEffect, useState } from "react";
import type { Style } from "../style.ts";
import type { TerminalController } from "../TerminalController.ts";
import type { QuestionView as Question } from "../terminalState.ts";
import { QuestionView } from "./QuestionView.tsx";

export function QuestionPrompt({ controller, question, width, style }: { controller: TerminalController; question: Question; width: number; style: Style }) {
  const [selected, setSelected] = useState(0);
  useEffect(() => setSelected(0), [question.id]);
  const count = question.options.length;
  useInput((input, key) => {
    if (key.ctrl && input === "c") return controller.pressCtrlC();
    if (key.escape) return controller.answerQuestion("instead");
    if (key.upArrow) return setSelected((current) => (current - 1 + count) % count);
    if (key.downArrow || key.tab) return setSelected((current) => (current + 1) % count);
    if (key.return) return controller.answerQuestion(question.options[selected]?.answer ?? "no");
    const number = Number(input);
    if (Number.isInteger(number) && number >= 1 && number <= count) controller.answerQuestion(question.options[number - 1]?.answer ?? "no");
  });
  return <QuestionView question={question} selected={selected} width={width} style={style} />;
}
