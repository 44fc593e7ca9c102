import { createEvent, createStore, sample } from 'effector';
import { announceEffect, apiEffect, type AppModel, type ToastService } from '@polycue/sdk';
import type { Greeting, GreetingsApi } from './greetings-api';

/**
 * The page's data, one way: event -> sample -> effect (through the plugin's GreetingsApi, on the
 * app's ApiClient, which carries the session and CSRF token) -> store -> view. Failures become
 * toasts with the server's message.
 */
export function createHelloModel({
  greetings,
  app,
  toast,
}: {
  greetings: GreetingsApi;
  app: AppModel;
  toast: ToastService;
}) {
  const pageOpened = createEvent();
  const greetingSubmitted = createEvent<string>();

  const fetchGreetingsFx = apiEffect((workspaceId: string) => greetings.list(workspaceId));
  const addGreetingFx = apiEffect(({ workspaceId, text }: { workspaceId: string; text: string }) =>
    greetings.add(workspaceId, text),
  );

  const $greetings = createStore<Greeting[]>([])
    .on(fetchGreetingsFx.doneData, (_, greetings) => greetings)
    .on(addGreetingFx.doneData, (list, greeting) => [greeting, ...list]);

  sample({
    clock: [pageOpened, app.$currentWorkspaceId],
    source: app.$currentWorkspaceId,
    filter: Boolean,
    target: fetchGreetingsFx,
  });
  sample({
    clock: greetingSubmitted,
    source: app.$currentWorkspaceId,
    filter: (workspaceId, text) => Boolean(workspaceId && text.trim()),
    fn: (workspaceId, text) => ({ workspaceId: workspaceId!, text: text.trim() }),
    target: addGreetingFx,
  });

  const deps = { toast, logger: console };
  announceEffect(deps, 'hello', fetchGreetingsFx, { fail: 'Greetings could not be loaded' });
  announceEffect(deps, 'hello', addGreetingFx, { done: 'Greeting saved', fail: 'Greeting could not be saved' });

  return {
    pageOpened,
    greetingSubmitted,
    $greetings,
    $loading: fetchGreetingsFx.pending,
    $saving: addGreetingFx.pending,
    addGreetingFx,
  };
}

export type HelloModel = ReturnType<typeof createHelloModel>;
