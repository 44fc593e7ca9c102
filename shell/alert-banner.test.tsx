import { allSettled, createEvent, createStore, fork } from 'effector';
import { Provider } from 'effector-react';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, createToastService, type ApiClient, type UserResource } from '../core';
import {
  createAlertBannerModel,
  CANT_SET_LAST_VIEWED_ALERT,
  RELEVANT_ALERT_PATH,
  SET_LAST_VIEWED_ALERT_PATH,
} from './alert-banner-model';
import { AlertBanner } from './alert-banner';

const alert = {
  id: 'al-7',
  message: 'Scheduled maintenance on Sunday.',
  linkLabel: 'Details',
  linkUrl: 'https://status.example.com',
};
const user = { id: 'u1', type: 'user', attributes: { relevantAlert: alert } } as unknown as UserResource;

function setup(put: ApiClient['put'], get: ApiClient['get'] = vi.fn() as unknown as ApiClient['get']) {
  const api = { put, get } as ApiClient;
  const toast = createToastService();
  const app = { $user: createStore<UserResource | null>(user), loggedOut: createEvent() };
  const model = createAlertBannerModel({ api, toast, app });
  return { model, toast, scope: fork() };
}

afterEach(cleanup);

describe('alert banner', () => {
  it('dismissing hides the alert at once and records it with the alert id', async () => {
    let resolve!: () => void;
    const put = vi.fn(() => new Promise<never>((r) => (resolve = r as () => void)));
    const { model, scope } = setup(put as unknown as ApiClient['put']);
    render(
      <Provider value={scope}>
        <AlertBanner model={model} />
      </Provider>,
    );
    expect(screen.getByText(/Scheduled maintenance/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Details' }).getAttribute('href')).toBe('https://status.example.com');

    fireEvent.click(screen.getByRole('button', { name: 'Dismiss alert' }));
    expect(screen.queryByText(/Scheduled maintenance/)).toBeNull(); // before the server answered
    expect(put).toHaveBeenCalledWith(SET_LAST_VIEWED_ALERT_PATH, { alertId: 'al-7' });
    await act(async () => resolve());
  });

  it('toasts the spec message when the call fails', async () => {
    const put = vi.fn(async () => {
      throw new ApiError('boom', 500);
    });
    const { model, toast, scope } = setup(put as unknown as ApiClient['put']);
    await allSettled(model.dismissClicked, { scope, params: 'al-7' });
    expect(scope.getState(toast.$toasts).map((t) => [t.kind, t.title])).toEqual([
      ['error', CANT_SET_LAST_VIEWED_ALERT],
    ]);
    expect(CANT_SET_LAST_VIEWED_ALERT).toBe("Can't set last viewed alert");
    expect(scope.getState(model.$alert)).toBeNull();
  });

  it('a poll shows an alert published meanwhile, a corrected text, and hides a withdrawn one; a failed poll keeps what is shown', async () => {
    const answers: unknown[] = [];
    const get = vi.fn(async (path: string) => {
      expect(path).toBe(RELEVANT_ALERT_PATH);
      const next = answers.shift();
      if (next instanceof Error) throw next;
      return { data: { data: next } };
    });
    const { model, scope, toast } = setup(vi.fn() as unknown as ApiClient['put'], get as unknown as ApiClient['get']);
    expect(scope.getState(model.$alert)).toEqual(alert);

    const published = { id: 'al-8', message: 'New: voice cloning', linkLabel: null, linkUrl: null };
    answers.push(published);
    await allSettled(model.pollRequested, { scope });
    expect(scope.getState(model.$alert)).toEqual(published);

    answers.push({ ...published, message: 'New: voice cloning on Pro' });
    await allSettled(model.pollRequested, { scope });
    expect(scope.getState(model.$alert)?.message).toBe('New: voice cloning on Pro');

    answers.push(new ApiError('offline', 0));
    await allSettled(model.pollRequested, { scope });
    expect(scope.getState(model.$alert)?.message).toBe('New: voice cloning on Pro');
    expect(scope.getState(toast.$toasts)).toEqual([]);

    answers.push(null);
    await allSettled(model.pollRequested, { scope });
    expect(scope.getState(model.$alert)).toBeNull();
    expect(get).toHaveBeenCalledTimes(4);
  });
});
