import { useEffect, useMemo, useState, type KeyboardEvent } from 'react';
import { Command as Cmdk } from 'cmdk';
import { useUnit } from 'effector-react';
import type { Command, CommandChoice, CommandContext, CommandProvider, WhenContext } from '../../core';
import { Dialog } from '../../core/ui/dialog';
import type { PaletteModel } from './palette-model';
import { buildCommandSections, filterChoices, isVisible, type PaletteSection } from './palette-sections';
import { runChoice, runCommand } from './run-command';
import { useDebouncedQuery } from './use-debounced-query';

export interface CommandPaletteProps {
  model: PaletteModel;
  commands: readonly Command[];
  providers?: readonly CommandProvider[];
  whenContext: WhenContext;
  commandContext: CommandContext;
  formatShortcut?: (chord: string) => string;
  /** Where focus goes back on close (Dialog's returnFocusTo): what had focus when Ctrl+K was pressed. */
  returnFocusTo?: HTMLElement | null;
}

/** Items painted in the first frame; the rest follow in the next one so opening stays fast. */
const FIRST_PAINT_ITEMS = 40;
const QUERY_DEBOUNCE_MS = 150;
const NO_PROVIDERS: readonly CommandProvider[] = [];

/**
 * The command palette. Everything comes in through props (commands, providers, contexts, model),
 * so it renders the same inside the app and in a benchmark with synthetic commands. Filtering
 * is ours (`shouldFilter={false}`): cmdk does not virtualize, and provider results are already
 * filtered by their source.
 */
export function CommandPalette({
  model,
  commands,
  providers = NO_PROVIDERS,
  whenContext,
  commandContext,
  formatShortcut = (chord) => chord,
  returnFocusTo,
}: CommandPaletteProps) {
  const [open, page, pages, search, recentIds, enterQueued] = useUnit([
    model.$open,
    model.$currentPage,
    model.$pages,
    model.$search,
    model.$recentIds,
    model.$enterQueued,
  ]);
  const [picked, setPicked] = useState<{ search: string; page?: string; value: string } | null>(null);
  const [limit, setLimit] = useState(FIRST_PAINT_ITEMS);
  useEffect(() => {
    if (!open) return setLimit(FIRST_PAINT_ITEMS);
    const frame = requestAnimationFrame(() => setLimit(Infinity));
    return () => cancelAnimationFrame(frame);
  }, [open]);

  const pageCommand = page ? commands.find((c) => c.id === page.commandId) : undefined;

  const provided = useDebouncedQuery<PaletteSection<Command>[]>(
    // Providers search by name: one letter is too little to ask them (and a list request per key).
    open && !page && providers.length && search.trim().length >= 2 ? `providers:${search}` : null,
    async () => {
      const results = await Promise.all(
        providers.map(async (p) => {
          try {
            return {
              heading: p.group,
              items: (await p.provide(commandContext, search)).filter((c) => isVisible(c, whenContext)),
            };
          } catch (error) {
            console.error(`Command provider "${p.id}" failed`, error);
            return { heading: p.group, items: [] };
          }
        }),
      );
      return results.filter((s) => s.items.length > 0);
    },
    QUERY_DEBOUNCE_MS,
    [],
  );
  const choices = useDebouncedQuery<CommandChoice[]>(
    open && pageCommand?.choices ? `choices:${pageCommand.id}:${search}` : null,
    async () => filterChoices(await pageCommand!.choices!(commandContext, search), search),
    search ? QUERY_DEBOUNCE_MS : 0,
    [],
  );

  // Providers' answers are ranked among the commands (an editor command of this page above a
  // global one with the same words), not listed after them.
  const providedValue = provided.value;
  const sections = useMemo(
    () =>
      page
        ? []
        : buildCommandSections(
            commands,
            whenContext,
            recentIds,
            search,
            providedValue.flatMap((section) => section.items),
          ),
    [page, commands, whenContext, recentIds, search, providedValue],
  );
  // What Enter runs, in the order shown: the highlighted entry, which is the first match unless
  // the user moved to another one for this very search (so a filter's one remaining match is
  // always highlighted, and Enter never does nothing).
  // Only this page's choices: while its first answer loads, the previous page's are not shown.
  const shownChoices =
    page && pageCommand && choices.key?.startsWith(`choices:${pageCommand.id}:`) ? choices.value.slice(0, limit) : [];
  let budget = limit;
  const shownSections = page
    ? []
    : sections
        .map((section) => {
          const items = section.items.slice(0, Math.max(0, budget));
          budget -= items.length;
          return { heading: section.heading, items };
        })
        .filter((section) => section.items.length > 0);
  const entries: { value: string; run: () => void }[] = page
    ? shownChoices.map((choice) => ({
        value: `choice:${choice.id}`,
        run: () => runChoice(pageCommand!, choice, commandContext, model),
      }))
    : shownSections.flatMap((section) =>
        section.items.map((command) => ({
          value: `${section.heading}:${command.id}`,
          run: () => runCommand(command, commandContext, model, 'palette'),
        })),
      );
  const highlighted =
    picked &&
    picked.search === search &&
    picked.page === page?.commandId &&
    entries.some((e) => e.value === picked.value)
      ? picked.value
      : (entries[0]?.value ?? '');
  // Results that answer the search as typed: a nested page's choices arrive after a debounce.
  const settled = page ? choices.fresh : entries.length > 0 || provided.fresh;
  const runHighlighted = () => entries.find((entry) => entry.value === highlighted)?.run();

  useEffect(() => {
    if (!open || !enterQueued || !settled) return;
    model.enterConsumed();
    runHighlighted();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, enterQueued, settled, highlighted]);

  if (!open) return null;
  const empty = page ? choices.fresh && choices.value.length === 0 : shownSections.length === 0 && !provided.loading;

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      model.escapePressed();
    } else if (event.key === 'Backspace' && search === '' && pages.length > 0) {
      event.preventDefault();
      model.backspacePressed();
    } else if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
      // Ours, not cmdk's: run what is highlighted, or once the results for this search are in.
      event.preventDefault();
      event.stopPropagation();
      if (settled) runHighlighted();
      else model.enterQueued();
    }
  };

  return (
    <Dialog
      label="Command palette"
      onClose={() => model.closed()}
      className="palette"
      closeOnEscape={false}
      returnFocusTo={returnFocusTo}
    >
      <Cmdk
        label="Type a command or search"
        shouldFilter={false}
        loop
        vimBindings={false}
        onKeyDown={onKeyDown}
        key={page?.commandId ?? 'root'}
        value={highlighted}
        onValueChange={(value) => setPicked({ search, page: page?.commandId, value })}
      >
        {page && (
          <div className="palette-breadcrumb">
            <button type="button" className="link-button" tabIndex={-1} onClick={() => model.pagePopped()}>
              Commands
            </button>
            <span aria-hidden="true"> › </span>
            <span>{page.title}</span>
          </div>
        )}
        <Cmdk.Input
          autoFocus
          data-autofocus=""
          placeholder={page?.placeholder ?? (page ? 'Search…' : 'Type a command or search…')}
          value={search}
          onValueChange={(value) => model.searchChanged(value)}
          className="palette-input"
        />
        <Cmdk.List className="palette-list">
          {page ? (
            <>
              {pageCommand &&
                shownChoices.map((choice) => (
                  <Cmdk.Item
                    key={choice.id}
                    value={`choice:${choice.id}`}
                    onSelect={() => runChoice(pageCommand, choice, commandContext, model)}
                  >
                    <span className="palette-item-title">{choice.title}</span>
                    {choice.subtitle && <span className="palette-item-subtitle">{choice.subtitle}</span>}
                  </Cmdk.Item>
                ))}
            </>
          ) : (
            <>
              {shownSections.map((section) => (
                <Cmdk.Group key={section.heading} heading={section.heading}>
                  {section.items.map((command) => (
                    <Cmdk.Item
                      key={command.id}
                      value={`${section.heading}:${command.id}`}
                      onSelect={() => runCommand(command, commandContext, model, 'palette')}
                    >
                      <span className="palette-item-title">{command.title}</span>
                      {command.choices && (
                        <span className="palette-item-more" aria-hidden="true">
                          ›
                        </span>
                      )}
                      {command.shortcut && <kbd className="palette-shortcut">{formatShortcut(command.shortcut)}</kbd>}
                    </Cmdk.Item>
                  ))}
                </Cmdk.Group>
              ))}
            </>
          )}
        </Cmdk.List>
        {/* Outside the listbox (which may hold only options and groups: an empty-state text in it
            is an axe critical, aria-required-children), read out politely. */}
        <p className={`palette-status muted${empty ? ' palette-empty' : ''}`} role="status">
          {empty
            ? page
              ? 'No matches'
              : `No commands match “${search}”`
            : page
              ? !choices.fresh && shownChoices.length === 0
                ? 'Loading…'
                : ''
              : provided.loading
                ? 'Searching…'
                : ''}
        </p>
      </Cmdk>
    </Dialog>
  );
}

export default CommandPalette;
