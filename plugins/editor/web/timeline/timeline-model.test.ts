import { describe, expect, it } from 'vitest';
import { createTimelineModel } from './timeline-model';
import type { Tile } from './waveform-tiles';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function model() {
  const asked: string[] = [];
  const timeline = createTimelineModel({
    loadTile: async ({ zoom, index }): Promise<Tile> => {
      asked.push(`${zoom}:${index}`);
      return { zoom, index, peaks: new Int8Array(1024), durationMs: 7_200_000, loudest: 100 };
    },
  });
  return { timeline, asked };
}

describe('timeline model', () => {
  it('asks the first screen at once, then only the tiles a new view lacks, each once', async () => {
    const { timeline, asked } = model();
    expect(asked).toEqual(['2:0']);
    timeline.resized(500);
    await settle();
    expect(asked).toEqual(['2:0']);
    // Following the playhead a minute in: a tenth of the window before it (500 px at 20 ms).
    timeline.playheadMoved(60_000);
    expect(timeline.$view.getState()).toMatchObject({ zoom: 2, start: 59_000 });
    await settle();
    expect(asked).toEqual(['2:0', '2:5', '2:6']);
    timeline.scrolled(59_500);
    await settle();
    expect(asked).toHaveLength(3);
    expect(timeline.$duration.getState()).toBe(7_200_000);
  });

  it('zooms around the anchor, within 5 ms to 80 s a pixel', () => {
    const { timeline } = model();
    timeline.resized(500);
    timeline.zoomed({ by: -1, anchorMs: 5000 });
    // 5 s was 250 px in at 20 ms a pixel; at 10 ms it stays 250 px in.
    expect(timeline.$view.getState()).toMatchObject({ zoom: 1, start: 2500 });
    for (let i = 0; i < 20; i++) timeline.zoomed({ by: 1 });
    expect(timeline.$view.getState().zoom).toBe(14);
    for (let i = 0; i < 20; i++) timeline.zoomed({ by: -1 });
    expect(timeline.$view.getState().zoom).toBe(0);
  });

  it('stops asking once the server refused a tile (a version without media)', async () => {
    let asked = 0;
    const timeline = createTimelineModel({
      loadTile: async () => {
        asked++;
        throw new Error('This project has no video yet');
      },
    });
    timeline.resized(500);
    await settle();
    for (let start = 0; start < 100_000; start += 10_000) timeline.scrolled(start);
    await settle();
    expect(asked).toBe(1);
    expect(timeline.$failed.getState()).toBe(true);
  });
});
