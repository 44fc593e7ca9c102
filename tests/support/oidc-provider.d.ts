/**
 * The few names of oidc-provider 8 (a test-only dependency without its own types) that
 * tests/support/oidc-test-provider.ts uses.
 */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface GrantInstance {
    addOIDCScope(scope: string): void;
    addOIDCClaims(claims: string[]): void;
    save(): Promise<string>;
  }
  interface OidcContext {
    oidc: {
      session?: { accountId: string };
      client?: { clientId: string };
      provider: Provider;
    };
  }
  export interface Configuration {
    clients?: Record<string, unknown>[];
    claims?: Record<string, string[]>;
    pkce?: { required?: () => boolean };
    cookies?: { keys?: string[] };
    ttl?: Record<string, number | (() => number)>;
    findAccount?(
      ctx: OidcContext,
      id: string,
    ): Promise<{ accountId: string; claims(): Promise<Record<string, unknown>> }>;
    loadExistingGrant?(ctx: OidcContext): Promise<GrantInstance | undefined>;
  }
  export default class Provider {
    constructor(issuer: string, configuration?: Configuration);
    Grant: new (input: { clientId: string; accountId: string }) => GrantInstance;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
  }
}
