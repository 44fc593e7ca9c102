import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ContainerProvider, createContainer, createToastService, TOKENS } from '../index';
import type { PageSectionContribution } from '../plugin/shell-extension-points';
import { ContributedSections, preloadSection } from './contributed-sections';

afterEach(cleanup);

function Broken(): never {
  throw new Error('no plans today');
}

describe('contributed page sections', () => {
  it('draws each under its heading in order with the page’s props; a failing one is named and the rest keep working', async () => {
    const container = createContainer();
    const toast = createToastService();
    container.bind(TOKENS.ToastService).toConstantValue(toast);
    const sections: PageSectionContribution<{ accountId: string }>[] = [
      {
        id: 'sso',
        title: 'Single sign-on',
        order: 20,
        load: async () => ({ default: ({ accountId }) => <p>SSO of {accountId}</p> }),
      },
      { id: 'billing', title: 'Plans and billing', order: 10, load: async () => ({ default: Broken }) },
      { id: 'channels', title: 'Channels', order: 30, load: async () => ({ default: () => <p>No channels yet</p> }) },
    ];
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await act(async () => {
      render(
        <ContainerProvider container={container}>
          <ContributedSections sections={sections} props={{ accountId: 'a1' }} />
        </ContainerProvider>,
      );
    });
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Plans and billing',
      'Single sign-on',
      'Channels',
    ]);
    expect(await screen.findByText('SSO of a1')).not.toBeNull();
    expect(screen.getByText('No channels yet')).not.toBeNull();
    expect(screen.getByText('“Plans and billing” could not be shown.')).not.toBeNull();
    expect(toast.$toasts.getState().map((t) => t.title)).toEqual(['“Plans and billing” failed']);
  });

  it('draws a section whose code was preloaded in the first render, without suspending', async () => {
    const container = createContainer();
    container.bind(TOKENS.ToastService).toConstantValue(createToastService());
    const section: PageSectionContribution<object> = {
      id: 'editor',
      title: 'Editor',
      load: async () => ({ default: () => <p>The editor</p> }),
    };
    await preloadSection(section);
    // Rendered outside act's flushing of promises: a lazy section would still show its fallback here.
    render(
      <ContainerProvider container={container}>
        <ContributedSections sections={[section]} props={{}} />
      </ContainerProvider>,
    );
    expect(screen.getByText('The editor')).not.toBeNull();
    expect(screen.queryByText('Loading…')).toBeNull();
  });
});
