import type { Command, CommandChoice, CommandContext } from '../../core';
import type { PaletteModel } from './palette-model';

/**
 * Runs a palette entry: a command with `choices` opens its nested page instead. Failures are
 * logged; a command that wants the user to see a failure raises its own toast (spec messages).
 */
export function runCommand(
  command: Command,
  ctx: CommandContext,
  palette: PaletteModel,
  from: 'palette' | 'shortcut',
): void {
  if (command.choices) {
    const page = { commandId: command.id, title: command.title, placeholder: command.choicesPlaceholder };
    if (from === 'shortcut') palette.opened(page);
    else palette.pagePushed(page);
    return;
  }
  palette.commandRan(command.id);
  void settle(() => command.run?.(ctx), command.id);
}

export function runChoice(parent: Command, choice: CommandChoice, ctx: CommandContext, palette: PaletteModel): void {
  palette.commandRan(parent.id);
  void settle(() => choice.run(ctx), `${parent.id} → ${choice.id}`);
}

async function settle(fn: () => void | Promise<void>, label: string) {
  try {
    await fn();
  } catch (error) {
    console.error(`Command "${label}" failed`, error);
  }
}
