/** Chooses from a list: arrows move, Enter or a number chooses, Escape cancels. */
import { useInput } from "ink";
import type { Style } from "../style.ts";
import type { TerminalController } from "../TerminalController.ts";
import type { PickerView as Picker } from "../terminalState.ts";
import { PickerView } from "./PickerView.tsx";

export function PickerPrompt({ controller, picker, width, style }: { controller: TerminalController; picker: Picker; width: number; style: Style }) {
  useInput((input, key) => {
    if (key.ctrl && input === "c") return controller.cancelPicker();
    if (key.escape) return controller.cancelPicker();
    if (key.upArrow) return controller.movePicker(-1);
    if (key.downArrow || key.tab) return controller.movePicker(1);
    if (input === " " && picker.checked !== undefined) return controller.togglePicker();
    if (key.return) return controller.choosePicker();
    const number = Number(input);
    if (Number.isInteger(number) && number >= 1 && number <= picker.options.length) controller.choosePicker(number - 1);
  });
  return <PickerView picker={picker} width={width} style={style} />;
}
