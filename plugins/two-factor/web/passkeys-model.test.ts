import { allSettled, fork } from 'effector';
import { describe, expect, it } from 'vitest';
import { ApiError, createToastService } from '../../../core';
import { FakeApiClient, type RecordedCall } from '../../../core/testing/fake-api-client';
import { PASSKEY_MESSAGES, PASSKEY_PATHS, type SignInMethods } from '../common/passkeys-contract';
import { createPasskeysModel } from './passkeys-model';

const methods = (challenge: string): SignInMethods => ({
  authenticatorApp: false,
  passkey: { challenge, rpId: 'localhost', allowCredentials: [{ id: 'k1', type: 'public-key' }] },
});

function setUp() {
  let challenges = 0;
  const api = new FakeApiClient()
    .reply('POST', PASSKEY_PATHS.signInMethods, () => ({ data: methods(`c${++challenges}`) }))
    .reply('GET', PASSKEY_PATHS.passkeys, { data: [] })
    .reply('POST', PASSKEY_PATHS.registrationOptions, { data: { challenge: 'r1' } });
  const answered: string[] = [];
  const left: string[] = [];
  let cancel = false;
  const model = createPasskeysModel({
    api,
    toast: createToastService(),
    logger: { error: () => {} },
    leave: (path) => left.push(path),
    ceremony: {
      create: async (options) => {
        if (cancel) throw new Error(PASSKEY_MESSAGES.cancelled);
        return { id: 'k1', challenge: options.challenge } as never;
      },
      answer: async (options) => {
        answered.push(options.challenge);
        return { id: 'k1', challenge: options.challenge } as never;
      },
    },
  });
  return { api, model, scope: fork(), answered, left, cancelNext: () => (cancel = true) };
}

describe('passkeys model', () => {
  it('at the second step, a refused answer shows the server sentence and asks for a fresh challenge; the next answer logs in', async () => {
    const kit = setUp();
    kit.api.reply(
      'POST',
      PASSKEY_PATHS.signInPasskey,
      new ApiError(PASSKEY_MESSAGES.notYours, 401, 'passkey_not_yours', 'response'),
    );
    await allSettled(kit.model.stepOpened, { scope: kit.scope, params: { redirectTo: '/projects' } });
    await allSettled(kit.model.passkeyChosen, { scope: kit.scope });
    expect(kit.scope.getState(kit.model.$error)).toBe(PASSKEY_MESSAGES.notYours);
    expect(kit.left).toEqual([]);
    // Each challenge is answered once: the next try signs the new one.
    expect(kit.scope.getState(kit.model.$methods)?.passkey?.challenge).toBe('c2');
    kit.api.reply('POST', PASSKEY_PATHS.signInPasskey, { signedIn: true });
    await allSettled(kit.model.passkeyChosen, { scope: kit.scope });
    expect(kit.answered).toEqual(['c1', 'c2']);
    expect(kit.scope.getState(kit.model.$error)).toBeNull();
    expect(kit.left).toEqual(['/projects']);
  });

  it('adds a named key (trimmed) and shows the recovery codes once; a cancelled prompt sends nothing and says so', async () => {
    const kit = setUp();
    kit.api.reply('POST', PASSKEY_PATHS.passkeys, (call: RecordedCall) => ({
      data: { passkey: { id: '1', name: (call.body as { name: string }).name }, recoveryCodes: ['a', 'b'] },
    }));
    await allSettled(kit.model.listOpened, { scope: kit.scope });
    await allSettled(kit.model.addSubmitted, { scope: kit.scope, params: '  Work laptop ' });
    const posted = kit.api.callsTo('POST', PASSKEY_PATHS.passkeys);
    expect(posted.map((c) => c.body)).toEqual([{ name: 'Work laptop', response: { id: 'k1', challenge: 'r1' } }]);
    expect(kit.scope.getState(kit.model.$recoveryCodes)).toEqual(['a', 'b']);
    await allSettled(kit.model.recoveryCodesSeen, { scope: kit.scope });
    expect(kit.scope.getState(kit.model.$recoveryCodes)).toBeNull();

    kit.cancelNext();
    await allSettled(kit.model.addSubmitted, { scope: kit.scope, params: 'Phone' });
    expect(kit.api.callsTo('POST', PASSKEY_PATHS.passkeys)).toHaveLength(1);
    expect(kit.scope.getState(kit.model.$error)).toBe(PASSKEY_MESSAGES.cancelled);
  });
});
