import { allSettled, createEvent, createStore, fork } from 'effector';
import { describe, expect, it } from 'vitest';
import { ApiError, type AppModel, type ToastService } from '@polycue/sdk';
import { createHelloModel } from '../web/hello-model';
import type { Greeting, GreetingsApi } from '../web/greetings-api';

const greeting = (id: string, text: string): Greeting => ({
  id,
  type: 'greeting',
  attributes: { text, createdAt: '2026-11-24T10:00:00.000Z' },
});

/** The model with a fake GreetingsApi (the plugin's own service) and the two app units it reads. */
function setup(greetings: Partial<GreetingsApi>) {
  const app = { $currentWorkspaceId: createStore<string | null>('7') } as unknown as AppModel;
  const toasts: { kind: string; title: string }[] = [];
  const shown = createEvent<{ kind: string; title: string }>();
  shown.watch((toast) => toasts.push(toast));
  const model = createHelloModel({
    greetings: greetings as GreetingsApi,
    app,
    toast: { shown } as unknown as ToastService,
  });
  return { model, toasts, scope: fork() };
}

describe('the Hello page model', () => {
  it("lists the current workspace's greetings when the page opens", async () => {
    const asked: string[] = [];
    const { model, scope } = setup({
      list: async (workspaceId) => (asked.push(workspaceId), [greeting('1', 'Hi team')]),
    });
    await allSettled(model.pageOpened, { scope });
    expect(asked).toEqual(['7']);
    expect(scope.getState(model.$greetings).map((g) => g.attributes.text)).toEqual(['Hi team']);
  });

  it('adds a greeting on top, trimmed, and says so', async () => {
    const { model, scope, toasts } = setup({
      list: async () => [greeting('1', 'Hi team')],
      add: async (_, text) => greeting('2', text),
    });
    await allSettled(model.pageOpened, { scope });
    await allSettled(model.greetingSubmitted, { scope, params: '  Welcome  ' });
    expect(scope.getState(model.$greetings).map((g) => g.attributes.text)).toEqual(['Welcome', 'Hi team']);
    expect(toasts).toContainEqual(expect.objectContaining({ kind: 'success', title: 'Greeting saved' }));
  });

  it("keeps the list and shows the server's message when a greeting is refused", async () => {
    const refusal = new ApiError('Write a greeting first', 422, 'greeting_empty');
    const { model, scope, toasts } = setup({ list: async () => [], add: () => Promise.reject(refusal) });
    await allSettled(model.greetingSubmitted, { scope, params: 'x' });
    expect(scope.getState(model.$greetings)).toEqual([]);
    expect(JSON.stringify(toasts)).toContain('Write a greeting first');
  });
});
