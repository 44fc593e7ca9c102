import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, type ApiClient } from '..';
import { NO_VIDEO, NOT_PLAYABLE_YET, useVideoProblem } from './video-problem';

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

describe('a player (editor, share page) whose video does not load', () => {
  it("shows the server's reason: media removed by retention", async () => {
    const reason = "The video was removed after 30 days (this workspace's media retention); the subtitles are kept";
    const { api, asked } = apiAnswering(() => Promise.reject(new ApiError(reason, 404, 'not_found')));
    const { result } = renderHook(() => useVideoProblem(api, '/video'));
    expect(result.current.problem).toBeNull();
    act(() => result.current.onError());
    await waitFor(() => expect(result.current.problem).toBe(reason));
    expect(result.current.retryable).toBe(false);
    expect(asked).toEqual(['/video']);
  });

  it('says the browser cannot play a video the server has, and stays generic on other failures', async () => {
    const playable = apiAnswering(() => Promise.resolve({ data: '', status: 206, headers: {} }));
    const first = renderHook(() => useVideoProblem(playable.api, '/video'));
    act(() => first.result.current.onError());
    await waitFor(() => expect(first.result.current.problem).toBe(NOT_PLAYABLE_YET));

    const offline = apiAnswering(() => Promise.reject(new ApiError('The server could not be reached', 0)));
    const second = renderHook(() => useVideoProblem(offline.api, '/video'));
    act(() => second.result.current.onError());
    await waitFor(() => expect(offline.asked).toHaveLength(1));
    expect(second.result.current.problem).toBe(NO_VIDEO);
  });

  it('"Try again" on a video the browser could not play yet gives the player a fresh start', async () => {
    const playable = apiAnswering(() => Promise.resolve({ data: '', status: 206, headers: {} }));
    const { result } = renderHook(() => useVideoProblem(playable.api, '/video'));
    act(() => result.current.onError());
    await waitFor(() => expect(result.current.retryable).toBe(true));
    const before = result.current.attempt;
    act(() => result.current.retry());
    expect(result.current.problem).toBeNull();
    expect(result.current.attempt).not.toBe(before);
  });
});
