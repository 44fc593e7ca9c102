import { inject, injectable, TOKENS, type ApiClient, type ServiceIdentifier } from '@polycue/sdk';

export interface Greeting {
  id: string;
  type: 'greeting';
  attributes: { text: string; createdAt: string };
}

/**
 * A service this plugin offers: its server calls. Bound in the plugin's own `services`
 * ContainerModule (index.ts); what it needs from the host arrives by `@inject(token)`, so a test
 * binds a fake ApiClient under the same token. Other plugins may `container.get(GREETINGS_API)`.
 */
@injectable()
export class GreetingsApi {
  constructor(@inject(TOKENS.ApiClient) private readonly api: ApiClient) {}

  async list(workspaceId: string): Promise<Greeting[]> {
    return (await this.api.get<{ data: Greeting[] }>('/api/v1/hello/greetings', { params: { workspaceId } })).data.data;
  }

  async add(workspaceId: string, text: string): Promise<Greeting> {
    return (await this.api.post<{ data: Greeting }>('/api/v1/hello/greetings', { workspaceId, text })).data.data;
  }
}

export const GREETINGS_API = Symbol.for('hello.GreetingsApi') as ServiceIdentifier<GreetingsApi>;
