import { memo } from 'react';
import { useUnit } from 'effector-react';
import type { ProjectVersionResource } from '../../../projects/common/projects-contract';
import { useLabelsModel } from './use-labels-model';

/** The Labels cell of the projects table: the row's own labels, so it costs nothing but its chips. */
export const LabelsCell = memo(function LabelsCell({ row }: { row: ProjectVersionResource }) {
  const labels = row.attributes.labels;
  if (labels.length === 0) return null;
  return (
    <span className="labels-chips">
      {labels.map((label) => (
        <span key={label.id} className="labels-chip">
          {label.caption}
        </span>
      ))}
    </span>
  );
});

/** Label filter chips beside the search box; the selected ids live in a cookie (docs/product-contract.md#constants-and-limits). */
export function LabelFilterChips() {
  const model = useLabelsModel();
  const [labels, selected, toggle, clear] = useUnit([
    model.$labels,
    model.$selectedLabelIds,
    model.labelToggled,
    model.filterCleared,
  ]);
  if (labels.length === 0) return null;
  return (
    <div className="labels-filter" role="group" aria-label="Filter by label">
      {labels.map((label) => {
        const on = selected.includes(label.id);
        return (
          <button
            key={label.id}
            type="button"
            className={`labels-filter-chip${on ? ' is-on' : ''}`}
            aria-pressed={on}
            onClick={() => toggle(label.id)}
          >
            {label.attributes.caption}
          </button>
        );
      })}
      {selected.length > 0 && (
        <button type="button" className="link-button" onClick={() => clear()}>
          Clear labels
        </button>
      )}
    </div>
  );
}
