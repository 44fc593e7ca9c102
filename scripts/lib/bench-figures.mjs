/**
 * What a bench returned, checked before it is printed: every figure a finite number, at least one
 * figure. A bench whose set-up silently changed (a figure `undefined`, NaN, or none at all) once
 * printed an empty row and exited 0, so a goal went unmeasured for weeks; now it is a failure.
 */
export function checkFigures(file, result) {
  if (!result || typeof result !== 'object' || Object.keys(result).length === 0)
    throw new Error(`${file} returned no figures`);
  const missing = Object.entries(result)
    .filter(([, figure]) => typeof figure?.value !== 'number' || !Number.isFinite(figure.value))
    .map(([name, figure]) => `${name} (value ${String(figure?.value)})`);
  if (missing.length > 0) throw new Error(`${file}: figure missing: ${missing.join(', ')}`);
  return result;
}
