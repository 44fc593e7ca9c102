import { msPerPx, TILE_PX, tileKey, type Tile } from './waveform-tiles';
import type { TimelineView } from './timeline-model';

/**
 * Draws the peaks of the window shown, one column a pixel (only the visible window: the canvas is
 * as wide as the screen, never as the film). Columns whose tile has not come yet stay empty.
 */
export function drawWaveform(
  canvas: HTMLCanvasElement,
  view: TimelineView,
  tiles: ReadonlyMap<string, Tile>,
  color: string,
): void {
  const ratio = window.devicePixelRatio || 1;
  const width = Math.max(1, Math.round(view.widthPx));
  const height = canvas.clientHeight || 80;
  if (canvas.width !== Math.round(width * ratio) || canvas.height !== Math.round(height * ratio)) {
    canvas.width = Math.round(width * ratio);
    canvas.height = Math.round(height * ratio);
  }
  const context = canvas.getContext('2d');
  if (!context) return;
  context.setTransform(ratio, 0, 0, ratio, 0, 0);
  context.clearRect(0, 0, width, height);
  context.fillStyle = color;
  const middle = height / 2;
  // Drawn to the audio's own loudest peak (a quiet recording still fills the band), never more than 8 times up.
  const loudest = tiles.values().next().value?.loudest ?? 128;
  const scale = (middle * 0.95) / Math.max(16, Math.min(128, loudest));
  const firstColumn = Math.floor(view.start / msPerPx(view.zoom));
  let tile: Tile | undefined;
  let tileIndex = -1;
  for (let x = 0; x < width; x++) {
    const column = firstColumn + x;
    const index = Math.floor(column / TILE_PX);
    if (index !== tileIndex) {
      tileIndex = index;
      tile = tiles.get(tileKey(view.zoom, index));
    }
    if (!tile) continue;
    const at = (column - index * TILE_PX) * 2;
    const min = tile.peaks[at];
    const max = tile.peaks[at + 1];
    // At least a pixel, so silence still shows as a line and the waveform's extent is visible.
    const top = middle - max * scale;
    context.fillRect(x, top, 1, Math.max(1, (max - min) * scale));
  }
}
