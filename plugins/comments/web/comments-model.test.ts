import { allSettled, fork } from 'effector';
import { describe, expect, it } from 'vitest';
import { FakeApiClient } from '../../../core/testing/fake-api-client';
import type { ThreadResource } from '../common/comments-contract';
import { countsByCue, createCommentsModel, nextUnresolved } from './comments-model';

const thread = (id: string, cueId: string, resolved: boolean, comments = 1): ThreadResource => ({
  id,
  type: 'commentThread',
  attributes: {
    subtitleId: '1',
    cueId,
    cueNumber: 1,
    resolved,
    resolvedAt: null,
    resolvedByName: null,
    createdAt: '2027-01-20T10:00:00Z',
    comments: Array.from({ length: comments }, (_, i) => ({
      id: `${id}-${i}`,
      authorId: '1',
      authorName: 'Ann',
      text: 'x',
      mentions: [],
      createdAt: '2027-01-20T10:00:00Z',
      editedAt: null,
    })),
  },
});

describe('comments in the editor', () => {
  it('counts comments per cue, and which cues still have an open thread', () => {
    const counts = countsByCue([thread('1', 'a', false, 2), thread('2', 'a', true), thread('3', 'b', true)]);
    expect(counts.get('a')).toEqual({ comments: 3, open: 1 });
    expect(counts.get('b')).toEqual({ comments: 1, open: 0 });
    expect(counts.get('c')).toBeUndefined();
  });

  it('"Next unresolved comment" goes to the next cue with an open thread, in list order, wrapping round', () => {
    const threads = [thread('1', 'b', false), thread('2', 'd', false), thread('3', 'c', true)];
    const ids = ['a', 'b', 'c', 'd'];
    expect(nextUnresolved(threads, ids, 'a')).toBe('b');
    expect(nextUnresolved(threads, ids, 'b')).toBe('d');
    expect(nextUnresolved(threads, ids, 'd')).toBe('b');
    expect(nextUnresolved(threads, ids, null)).toBe('b');
    expect(nextUnresolved([thread('3', 'c', true)], ids, 'a')).toBeNull();
  });

  it('a poll bringing the same threads keeps the list (no marker draws again); a new comment replaces its thread', async () => {
    const api = new FakeApiClient()
      .reply('GET', '/api/v1/subtitles/7/comment_threads', () => ({ data: [thread('1', 'a', false)] }))
      .reply('POST', '/api/v1/comment_threads/1/replies', { data: thread('1', 'a', false, 2) });
    const model = createCommentsModel({ api, subtitleId: '7' });
    const scope = fork();
    await allSettled(model.loadFx, { scope });
    const first = scope.getState(model.$threads);
    await allSettled(model.refreshed, { scope });
    expect(scope.getState(model.$threads)).toBe(first);
    await allSettled(model.replyFx, { scope, params: { threadId: '1', text: 'y', mentions: [] } });
    expect(scope.getState(model.$counts).get('a')).toEqual({ comments: 2, open: 1 });
  });
});
