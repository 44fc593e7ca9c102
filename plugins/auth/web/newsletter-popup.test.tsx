import { afterEach, describe, expect, it } from 'vitest';
import { Suspense } from 'react';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ContainerProvider } from '../../../core';
import { NEWSLETTER_MODEL } from './model/newsletter-model';
import NewsletterPopup from './newsletter-popup';
import { createAuthTestKit, makeUser } from './testing/auth-test-kit';
import { containerFor } from './testing/auth-container';

afterEach(cleanup);

const flaggedMember = () =>
  makeUser({ shouldSeeNewsletterPopup: true, confirmedEmail: true, onboardingState: 'processed' });

/**
 * The popup as the shell's overlay host mounts it: in a Suspense, with only core services bound.
 * Rendered in an awaited act: React 19 retries a component suspended on `use` inside act only then.
 */
async function renderPopup() {
  const kit = createAuthTestKit();
  kit.api.reply('PUT', '/api/v1/users/reset_should_see_newsletter_popup', ({ body }: { body: unknown }) => ({
    data: makeUser({
      shouldSeeNewsletterPopup: false,
      confirmedEmail: true,
      onboardingState: 'processed',
      name: JSON.stringify(body),
    }),
  }));
  const container = containerFor(kit);
  await act(async () => {
    render(
      <ContainerProvider container={container}>
        <button type="button">Somewhere on the page</button>
        <Suspense fallback={null}>
          <NewsletterPopup />
        </Suspense>
      </ContainerProvider>,
    );
  });
  expect(container.isBound(NEWSLETTER_MODEL)).toBe(true);
  return {
    kit,
    container,
    puts: () => kit.api.callsTo('PUT', '/api/v1/users/reset_should_see_newsletter_popup').map((c) => c.body),
  };
}

describe('newsletter popup', () => {
  it('stays hidden for a member the server does not flag', async () => {
    const { kit } = await renderPopup();
    act(() => kit.app.userUpdated(makeUser({ confirmedEmail: true, onboardingState: 'processed' })));
    expect(screen.queryByRole('dialog')).toBeNull();
    // The same user, once flagged, gets it: the empty render above was a decision, not a loading state.
    act(() => kit.app.userUpdated(flaggedMember()));
    expect(screen.getByRole('dialog', { name: 'Stay in the loop' })).toBeTruthy();
  });

  it('is a labelled dialog that takes focus, and "Subscribe" answers yes and hides it', async () => {
    const { kit, puts } = await renderPopup();
    screen.getByRole('button', { name: 'Somewhere on the page' }).focus();
    act(() => kit.app.userUpdated(flaggedMember()));

    const dialog = await screen.findByRole('dialog', { name: 'Stay in the loop' });
    expect(dialog.getAttribute('aria-describedby')).toBe('newsletter-popup-text');
    await waitFor(() => expect(document.activeElement).toBe(dialog));

    fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(puts()).toEqual([{ subscribe: true }]));
    // Focus returns to where it was before the popup appeared.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Somewhere on the page' }));
  });

  it('never takes focus from someone typing (the palette, a field): their next key stays theirs', async () => {
    const { kit } = await renderPopup();
    const field = document.createElement('input');
    field.setAttribute('aria-label', 'Type a command or search');
    const palette = document.createElement('div');
    palette.setAttribute('role', 'dialog');
    palette.append(field);
    document.body.append(palette);
    field.focus();
    act(() => kit.app.userUpdated(flaggedMember()));
    await screen.findByRole('dialog', { name: 'Stay in the loop' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(document.activeElement).toBe(field);
    palette.remove();
  });

  it('Escape answers "No thanks"', async () => {
    const { kit, puts } = await renderPopup();
    act(() => kit.app.userUpdated(flaggedMember()));
    const dialog = await screen.findByRole('dialog', { name: 'Stay in the loop' });

    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(puts()).toEqual([{ subscribe: false }]));
  });
});
