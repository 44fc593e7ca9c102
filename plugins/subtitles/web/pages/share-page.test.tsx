import 'reflect-metadata';
import { Container } from 'inversify';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, ContainerProvider, TOKENS, type ApiClient } from '../../../../core';
import { NOT_PLAYABLE_YET } from '../../../../core/ui/video-problem';
import { SUBTITLES_PATHS } from '../../common/subtitles-contract';
import SharePage from './share-page';

afterEach(cleanup);

/** The public share page's three addresses, the video's answer as given. */
function renderShare(video: () => Promise<unknown>) {
  const asked: string[] = [];
  const api = {
    get: (url: string) => {
      asked.push(url);
      if (url === SUBTITLES_PATHS.shared('tok'))
        return Promise.resolve({
          data: { data: { title: 'Harbour', language: 'en', duration: 2000, hasVideo: true } },
        });
      if (url === SUBTITLES_PATHS.sharedVtt('tok'))
        return Promise.resolve({ data: 'WEBVTT\n\n00:00.000 --> 00:01.000\nHello there\n' });
      if (url === SUBTITLES_PATHS.sharedVideo('tok')) return video();
      return Promise.reject(new ApiError('unexpected', 404));
    },
  } as unknown as ApiClient;
  const container = new Container();
  container.bind(TOKENS.ApiClient).toConstantValue(api);
  render(
    <ContainerProvider container={container}>
      <MemoryRouter initialEntries={['/share/tok']}>
        <Routes>
          <Route path="/share/:token" element={<SharePage />} />
        </Routes>
      </MemoryRouter>
    </ContainerProvider>,
  );
  return { asked };
}

describe('the share page when its video does not play', () => {
  it('says the browser cannot play it yet, and "Try again" puts a fresh player back', async () => {
    renderShare(() => Promise.resolve({ data: '', status: 206, headers: {} }));
    await screen.findByText('Hello there');
    const first = document.querySelector('video')!;
    act(() => {
      fireEvent.error(first);
    });
    expect(await screen.findByText(NOT_PLAYABLE_YET)).toBeTruthy();
    expect(document.querySelector('video')).toBeNull();
    // The cues stay: the subtitle can still be read while the video cannot be watched.
    expect(screen.getByText('Hello there')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    const second = document.querySelector('video');
    expect(second).not.toBeNull();
    expect(second).not.toBe(first);
  });

  it("shows the server's reason when the video is gone, without a retry", async () => {
    const gone = 'This share link no longer works';
    renderShare(() => Promise.reject(new ApiError(gone, 404, 'not_found')));
    await screen.findByText('Hello there');
    act(() => {
      fireEvent.error(document.querySelector('video')!);
    });
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain(gone));
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });
});
