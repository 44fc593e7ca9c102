import { useId, useMemo, useState, type FormEvent } from 'react';
import { Dialog, DialogActions } from '../../../core/ui';
import {
  DEFAULT_THEME_STYLE,
  NAME_MAX_LENGTH,
  THEME_FIELD_LABELS,
  THEME_FONTS,
  THEME_LIMITS,
  type ThemeResource,
  type ThemeStyle,
} from '../common/themes-contract';
import { ChoiceField, ColourField, NumberField, ToggleField, type NumberKey } from './theme-fields';
import type { ThemePreviewModel } from './theme-preview-model';
import { ThemePreview } from './theme-preview';
import type { ThemeForm } from './themes-model';

const FONTS = THEME_FONTS.map((font) => ({ value: font, label: font }));
const POSITIONS = [
  { value: 'bottom', label: 'Bottom' },
  { value: 'middle', label: 'Middle' },
  { value: 'top', label: 'Top' },
] as const;
const ALIGNMENTS = [
  { value: 'left', label: 'Left' },
  { value: 'center', label: 'Centre' },
  { value: 'right', label: 'Right' },
] as const;

const styleOf = (theme: ThemeResource | null): ThemeStyle => {
  if (!theme) return DEFAULT_THEME_STYLE;
  const { name: _name, workspaceId: _workspaceId, updatedAt: _updatedAt, ...style } = theme.attributes;
  return { ...DEFAULT_THEME_STYLE, ...style };
};

/** The first number out of its range, said as the server would. */
function numberProblem(style: ThemeStyle): string | null {
  for (const [field, { min, max }] of Object.entries(THEME_LIMITS) as [NumberKey, { min: number; max: number }][]) {
    const value = style[field];
    if (!Number.isInteger(value) || value < min || value > max)
      return `${THEME_FIELD_LABELS[field]}: a whole number from ${min} to ${max}.`;
  }
  return null;
}

/**
 * Create or edit a theme, with its live preview beside the fields (rendered by the server as the
 * burn-in will be). Sizes are pixels of a 1080-line picture, scaled with the video. With the box on,
 * libass draws the box in place of the outline, and the outline width pads the box. Ctrl/Cmd+Enter saves.
 */
export function ThemeDialog({
  theme,
  saving,
  preview,
  onSave,
  onClose,
}: {
  theme: ThemeResource | null;
  saving: boolean;
  preview: ThemePreviewModel;
  onSave(form: ThemeForm): void;
  onClose(): void;
}) {
  const ids = useId();
  const [name, setName] = useState(theme?.attributes.name ?? '');
  const [style, setStyle] = useState<ThemeStyle>(() => styleOf(theme));
  const change = <K extends keyof ThemeStyle>(field: K, value: ThemeStyle[K]) =>
    setStyle((current) => ({ ...current, [field]: value }));
  const styleProblem = numberProblem(style);
  const problem = name.trim() ? styleProblem : 'Give the theme a name.';
  // Only a style the server accepts is previewed; until then the last image stays.
  const previewed = useMemo(() => (styleProblem ? null : style), [style, styleProblem]);
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (problem || saving) return;
    onSave({ name: name.trim(), ...style });
  };
  const fields = { style, onChange: change };
  return (
    <Dialog label={theme ? `Edit ${theme.attributes.name}` : 'New theme'} onClose={onClose} className="theme-dialog">
      <form
        onSubmit={submit}
        onKeyDown={(event) => event.key === 'Enter' && (event.ctrlKey || event.metaKey) && submit()}
      >
        <h2>{theme ? 'Edit theme' : 'New theme'}</h2>
        <div className="theme-layout">
          <div className="theme-fields">
            <label htmlFor={`${ids}-name`}>Name</label>
            <input
              id={`${ids}-name`}
              value={name}
              maxLength={NAME_MAX_LENGTH}
              onChange={(event) => setName(event.target.value)}
              autoComplete="off"
            />
            <fieldset>
              <legend>Text</legend>
              <ChoiceField {...fields} field="fontFamily" choices={FONTS} />
              <NumberField {...fields} field="fontSize" unit="px at 1080p" />
              <ToggleField {...fields} field="bold" />
              <ToggleField {...fields} field="italic" />
              <ColourField {...fields} field="textColor" />
            </fieldset>
            <fieldset>
              <legend>Outline, shadow and box</legend>
              <ColourField {...fields} field="outlineColor" disabled={style.box} />
              <NumberField {...fields} field="outlineWidth" label={style.box ? 'Box padding' : undefined} />
              <ColourField {...fields} field="shadowColor" />
              <NumberField {...fields} field="shadowDepth" />
              <ToggleField {...fields} field="box" />
              <ColourField {...fields} field="boxColor" disabled={!style.box} />
              <NumberField {...fields} field="boxOpacity" unit="%" disabled={!style.box} />
            </fieldset>
            <fieldset>
              <legend>Placement</legend>
              <ChoiceField {...fields} field="position" choices={POSITIONS} />
              <ChoiceField {...fields} field="alignment" choices={ALIGNMENTS} />
              <NumberField {...fields} field="marginVertical" disabled={style.position === 'middle'} />
              <NumberField {...fields} field="marginHorizontal" />
              <NumberField {...fields} field="lineSpacing" />
            </fieldset>
          </div>
          <ThemePreview model={preview} style={previewed} />
        </div>
        <p className="muted" aria-live="polite">
          {problem ?? 'Sizes are pixels of a 1080-line picture; a 720p or 4K video gets them scaled.'}
        </p>
        <DialogActions
          onCancel={onClose}
          confirmLabel={theme ? 'Save' : 'Create'}
          disabled={problem !== null}
          busy={saving}
        />
      </form>
    </Dialog>
  );
}
