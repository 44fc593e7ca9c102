import { defineLazyModel, TOKENS, type Container } from '../../../core';
import type { ChannelsModel } from './channels-model';

/** The channels model, built the first time one of its pages opens, then kept. */
export const channelsModel = defineLazyModel<ChannelsModel>('channels', async () => {
  const { createChannelsModel } = await import('./channels-model');
  return (c: Container) =>
    createChannelsModel({
      api: c.get(TOKENS.ApiClient),
      app: c.get(TOKENS.AppModel),
      toast: c.get(TOKENS.ToastService),
      navigator: c.get(TOKENS.Navigator),
      polling: c.get(TOKENS.PollingService),
      logger: console,
      leave: (url) => window.location.assign(url),
      newId: () => crypto.randomUUID(),
    });
});
