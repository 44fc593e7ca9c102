import { createContext, useContext, type ReactNode } from 'react';
import type { PageConfig } from '../page-config';

export type AnalyticsProps = Record<string, string | number | boolean | null | undefined>;

export interface Analytics {
  readonly enabled: boolean;
  track(event: string, props?: AnalyticsProps): void;
}

export const noopAnalytics: Analytics = { enabled: false, track: () => {} };

interface AnalyticsEnvironment {
  /** `import.meta.env.DEV`: development builds never send product analytics. */
  dev: boolean;
  sendBeacon?: (url: string, body: string) => boolean;
  distinctId?: () => string;
}

/**
 * Product analytics (PostHog-style capture endpoint) only outside development and only when the
 * page config names both a key and a host; otherwise a no-op, so nothing leaves the browser.
 */
export function createAnalytics(config: PageConfig['analytics'], env: AnalyticsEnvironment): Analytics {
  const send = env.sendBeacon;
  if (env.dev || !config?.key || !config.host || !send) return noopAnalytics;
  const url = `${config.host.replace(/\/+$/, '')}/capture`;
  const { key } = config;
  const distinctId = env.distinctId ?? anonymousId;
  return {
    enabled: true,
    track(event, props = {}) {
      const body = JSON.stringify({
        api_key: key,
        event,
        distinct_id: distinctId(),
        properties: { ...props, $current_url: globalThis.location?.pathname },
        timestamp: new Date().toISOString(),
      });
      try {
        send(url, body);
      } catch {
        // Analytics must never break the product.
      }
    },
  };
}

const ANONYMOUS_ID_KEY = 'polycue.anonymousId';

function anonymousId(): string {
  try {
    let id = localStorage.getItem(ANONYMOUS_ID_KEY);
    if (!id) {
      id = crypto.randomUUID();
      localStorage.setItem(ANONYMOUS_ID_KEY, id);
    }
    return id;
  } catch {
    return 'anonymous';
  }
}

const AnalyticsContext = createContext<Analytics>(noopAnalytics);

export function AnalyticsProvider({ analytics, children }: { analytics: Analytics; children: ReactNode }) {
  return <AnalyticsContext.Provider value={analytics}>{children}</AnalyticsContext.Provider>;
}

export function useAnalytics(): Analytics {
  return useContext(AnalyticsContext);
}
