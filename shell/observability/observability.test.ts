import { describe, expect, it, vi } from 'vitest';
import { createAnalytics } from './analytics';
import { installErrorReporting } from './error-reporting';
import { readPageConfig } from '../page-config';

const configured = { key: 'phc_test', host: 'https://analytics.example.com/' };

describe('product analytics', () => {
  it('is off and sends nothing when unconfigured', () => {
    const sendBeacon = vi.fn(() => true);
    for (const config of [undefined, {}, { key: 'k' }, { host: 'https://h' }]) {
      const analytics = createAnalytics(config, { dev: false, sendBeacon });
      analytics.track('page_viewed');
      expect(analytics.enabled).toBe(false);
    }
    expect(sendBeacon).not.toHaveBeenCalled();
  });

  it('is off in development even when configured', () => {
    const sendBeacon = vi.fn(() => true);
    const analytics = createAnalytics(configured, { dev: true, sendBeacon });
    analytics.track('page_viewed');
    expect(sendBeacon).not.toHaveBeenCalled();
  });

  it('sends events to the capture endpoint outside development when configured', () => {
    const sendBeacon = vi.fn((_url: string, _body: string) => true);
    const analytics = createAnalytics(configured, { dev: false, sendBeacon, distinctId: () => 'anon-1' });
    analytics.track('command_run', { id: 'home.open' });
    expect(sendBeacon).toHaveBeenCalledTimes(1);
    const [url, body] = sendBeacon.mock.calls[0];
    expect(url).toBe('https://analytics.example.com/capture');
    expect(JSON.parse(body)).toMatchObject({
      api_key: 'phc_test',
      event: 'command_run',
      distinct_id: 'anon-1',
      properties: { id: 'home.open' },
    });
  });
});

describe('error reporting', () => {
  it('is off and listens to nothing when unconfigured', () => {
    const target = new EventTarget();
    const post = vi.fn();
    const reporter = installErrorReporting(undefined, { dev: false, target: target as unknown as Window, post });
    target.dispatchEvent(Object.assign(new Event('error'), { error: new Error('boom') }));
    expect(reporter.enabled).toBe(false);
    expect(post).not.toHaveBeenCalled();
  });

  it('posts uncaught errors and rejections to the DSN when configured', () => {
    const target = new EventTarget();
    const post = vi.fn((_url: string, _body: string) => {});
    const reporter = installErrorReporting(
      { dsn: 'https://errors.example.com/e' },
      { dev: false, target: target as unknown as Window, post },
    );
    target.dispatchEvent(Object.assign(new Event('error'), { error: new Error('boom') }));
    target.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: new Error('lost') }));
    expect(post.mock.calls.map(([url, body]) => [url, JSON.parse(body).message])).toEqual([
      ['https://errors.example.com/e', 'boom'],
      ['https://errors.example.com/e', 'lost'],
    ]);
    reporter.dispose();
    target.dispatchEvent(Object.assign(new Event('error'), { error: new Error('after') }));
    expect(post).toHaveBeenCalledTimes(2);
  });
});

describe('page config', () => {
  it('reads the JSON script element, else the global', () => {
    const doc = {
      getElementById: () => ({ textContent: '{"analytics":{"key":"k","host":"h"}}' }),
    } as unknown as Document;
    expect(readPageConfig(doc, {}).analytics).toEqual({ key: 'k', host: 'h' });
    const empty = { getElementById: () => null } as unknown as Document;
    expect(readPageConfig(empty, { __POLYCUE__: { env: 'staging' } }).env).toBe('staging');
    expect(readPageConfig(empty, {})).toEqual({});
  });
});
