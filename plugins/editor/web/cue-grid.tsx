import * as React from 'react';
import { forwardRef } from 'react';
import type { EditorCue } from './model/cue-edits';

export interface ListContext {
  activeId: string | undefined;
  count: number;
  editing: boolean;
  /** The selected range (Shift+arrows), when more than the active cue. */
  from: number;
  to: number;
  /** The full list's index of each row shown (the filter "cues not reviewed"); null: every cue, in order. */
  shown: readonly number[] | null;
}

const indexOf = (context: ListContext | undefined, row: number) => context?.shown?.[row] ?? row;

// Outside render, as Virtuoso needs: its scroller is the grid (it is what takes focus), the list a
// row group, each item a row.
export const LIST_COMPONENTS = {
  Scroller: forwardRef<HTMLDivElement, React.HTMLAttributes<HTMLDivElement> & { context?: ListContext }>(
    function CueGrid({ context, ...props }, ref) {
      return (
        <div
          {...props}
          ref={ref}
          role="grid"
          aria-label="Cues"
          aria-rowcount={context?.count}
          aria-activedescendant={context?.activeId && !context.editing ? `cue-row-${context.activeId}` : undefined}
          aria-describedby="editor-grid-hint"
          tabIndex={0}
          className="editor-grid"
        />
      );
    },
  ),
  List: forwardRef<HTMLDivElement, React.HTMLAttributes<HTMLDivElement>>(function CueRows(props, ref) {
    return <div {...props} ref={ref} role="rowgroup" />;
  }),
  Item: ({
    context,
    item,
    ...props
  }: React.HTMLAttributes<HTMLDivElement> & { 'data-index': number; context?: ListContext; item: EditorCue }) => (
    <div
      {...props}
      role="row"
      id={`cue-row-${item.id}`}
      aria-rowindex={props['data-index'] + 1}
      aria-selected={
        context?.activeId === item.id ||
        (!!context &&
          indexOf(context, props['data-index']) >= context.from &&
          indexOf(context, props['data-index']) <= context.to)
      }
      className={
        context?.activeId === item.id
          ? 'cue-row cue-row-active'
          : context &&
              indexOf(context, props['data-index']) >= context.from &&
              indexOf(context, props['data-index']) <= context.to
            ? 'cue-row cue-row-selected'
            : 'cue-row'
      }
    />
  ),
};
