import type * as React from 'react';
import { languageName } from '../../../../core';
import { Dialog } from '../../../../core/ui';
import type { SubtitleResource } from '../../common/subtitles-contract';

/** The frame of every subtitles popup: a dialog with its title as heading. */
export function Frame({ title, onClose, children }: { title: string; onClose: () => void; children: React.ReactNode }) {
  return (
    <Dialog label={title} onClose={onClose} className="subtitles-dialog">
      <div className="dialog-header">
        <h2>{title}</h2>
      </div>
      {children}
    </Dialog>
  );
}

/** Picks one of the version's subtitles, or (import only) names a language for a new one. */
export function SubtitleChoice({
  subtitles,
  value,
  onChange,
  allowNew,
}: {
  subtitles: SubtitleResource[];
  value: string;
  onChange: (value: string) => void;
  allowNew: boolean;
}) {
  return (
    <label className="subtitles-field">
      <span>Subtitle</span>
      <select value={value} onChange={(e) => onChange(e.target.value)}>
        {subtitles.map((s) => (
          <option key={s.id} value={s.id}>
            {languageName(s.attributes.language)} · {s.attributes.kind} · {s.attributes.cuesCount} cues
          </option>
        ))}
        {allowNew && <option value="">New subtitle…</option>}
      </select>
    </label>
  );
}
