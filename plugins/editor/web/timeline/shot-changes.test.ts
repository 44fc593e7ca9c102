import { describe, expect, it } from 'vitest';
import type { ApiClient, ApiResponse } from '../../../../core';
import { adjacentShotChange, shotChangesLoader } from './shot-changes';
import { createTimelineModel } from './timeline-model';

const answer = <T>(status: number, data: T, headers: Record<string, string> = {}): ApiResponse<T> => ({
  status,
  data,
  headers,
});

describe('shot changes in the editor', () => {
  it('the loader asks again while the server answers 202, then gives the times', async () => {
    const answers = [
      answer(202, { status: 'computing' }, { 'retry-after': '0' }),
      answer(200, { data: { times: [2400, 7000] } }),
    ];
    const urls: string[] = [];
    const api = { get: async (url: string) => (urls.push(url), answers.shift()) } as unknown as ApiClient;
    expect(await shotChangesLoader(api, '7', '9')()).toEqual([2400, 7000]);
    expect(urls).toEqual([
      '/api/v1/project_versions/7/subtitles/9/shot_changes',
      '/api/v1/project_versions/7/subtitles/9/shot_changes',
    ]);
  });

  it('the timeline model holds the cuts once loaded, and none when they cannot be had', async () => {
    const loaded = createTimelineModel({
      loadTile: () => new Promise(() => {}),
      loadShotChanges: async () => [1200, 5000],
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(loaded.$shotChanges.getState()).toEqual([1200, 5000]);
    const refused = createTimelineModel({
      loadTile: () => new Promise(() => {}),
      loadShotChanges: async () => Promise.reject(new Error('404')),
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(refused.$shotChanges.getState()).toEqual([]);
  });

  it('Shift+L goes to the next cut after the playhead, Shift+J to the one before; from a cut, to the next one', () => {
    const cuts = [2400, 5000, 9000];
    expect(adjacentShotChange(cuts, 0, true)).toBe(2400);
    expect(adjacentShotChange(cuts, 2400, true)).toBe(5000);
    expect(adjacentShotChange(cuts, 2399, true)).toBe(5000);
    expect(adjacentShotChange(cuts, 9000, true)).toBeNull();
    expect(adjacentShotChange(cuts, 6000, false)).toBe(5000);
    expect(adjacentShotChange(cuts, 5000, false)).toBe(2400);
    expect(adjacentShotChange(cuts, 2000, false)).toBeNull();
    expect(adjacentShotChange([], 1000, true)).toBeNull();
  });
});
