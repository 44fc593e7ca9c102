import { httpError, idString } from '../../../server/plugin-api';
import { COMMENT_MAX_LENGTH, COMMENTS_MESSAGES as MESSAGES, MENTIONS_PER_COMMENT } from '../common/comments-contract';

/** JSON schemas of a comment's text and mentions: the shape only (400); what they mean is checked below (422). */
export const textSchema = { type: 'string', maxLength: COMMENT_MAX_LENGTH * 2 } as const;
export const mentionsSchema = {
  type: 'array',
  maxItems: MENTIONS_PER_COMMENT,
  items: idString,
} as const;

/** The text as stored: trimmed, not empty, within the limit (the spec's words, 422). */
export function checkedText(text: string): string {
  const trimmed = text.trim();
  if (!trimmed) throw httpError(422, 'invalid', MESSAGES.emptyText, 'text');
  if (trimmed.length > COMMENT_MAX_LENGTH) throw httpError(422, 'invalid', MESSAGES.tooLong, 'text');
  return trimmed;
}

/** Mentioned ids, each once, every one a member of the workspace. */
export function checkedMentions(mentions: string[] | undefined, members: ReadonlySet<string>): string[] {
  const unique = [...new Set(mentions ?? [])];
  if (unique.some((id) => !members.has(id))) throw httpError(422, 'invalid', MESSAGES.notAMember, 'mentions');
  return unique;
}
