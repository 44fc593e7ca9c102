import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, type ApiClient } from '../../../core';
import { NO_VIDEO, useVideoMissing } from './use-video-missing';

afterEach(cleanup);

/** An ApiClient whose GET answers as given and records the addresses asked. */
function apiAnswering(answer: () => Promise<unknown>) {
  const asked: string[] = [];
  const api = {
    get: (url: string) => {
      asked.push(url);
      return answer();
    },
  } as unknown as ApiClient;
  return { api, asked };
}

describe("the editor's player when the video does not load", () => {
  it("shows the server's reason: media removed by retention", async () => {
    const reason = "The video was removed after 30 days (this workspace's media retention); the subtitles are kept";
    const { api, asked } = apiAnswering(() => Promise.reject(new ApiError(reason, 404, 'not_found')));
    const { result } = renderHook(() => useVideoMissing(api, '/video'));
    expect(result.current[0]).toBeNull();
    act(() => result.current[1]());
    await waitFor(() => expect(result.current[0]).toBe(reason));
    expect(asked).toEqual(['/video']);
  });

  it('says the browser cannot play a video the server has, and stays generic on other failures', async () => {
    const playable = apiAnswering(() => Promise.resolve({ data: '', status: 206, headers: {} }));
    const first = renderHook(() => useVideoMissing(playable.api, '/video'));
    act(() => first.result.current[1]());
    await waitFor(() => expect(first.result.current[0]).toMatch(/cannot play/));

    const offline = apiAnswering(() => Promise.reject(new ApiError('The server could not be reached', 0)));
    const second = renderHook(() => useVideoMissing(offline.api, '/video'));
    act(() => second.result.current[1]());
    await waitFor(() => expect(offline.asked).toHaveLength(1));
    expect(second.result.current[0]).toBe(NO_VIDEO);
  });
});
