import type { Mail } from '../../../server/plugin-api';
import { languageName } from '../../../core/common/language-name';
import { MY_ASSIGNMENTS_PAGE, type AssignmentRole } from '../common/assignments-contract';

export interface AssignmentMailInput {
  to: string;
  assigneeName: string;
  assignerName: string;
  role: AssignmentRole;
  title: string;
  language: string;
  dueOn: string | null;
  editorUrl: string;
}

/** The subject people find it by in their mailbox (and tests in the outbox). */
export const assignmentSubject = (role: AssignmentRole, title: string, language: string) =>
  `You are the ${role} of “${title}” in ${languageName(language)}`;

/** "You were assigned": plain text, the editor's link and the list of one's assignments. */
export function assignmentMail(publicUrl: string, input: AssignmentMailInput): Mail {
  const language = languageName(input.language);
  const work = input.role === 'translator' ? 'translate' : 'review';
  return {
    to: input.to,
    subject: assignmentSubject(input.role, input.title, input.language),
    text:
      `Hello ${input.assigneeName},\n\n` +
      `${input.assignerName} asked you to ${work} the ${language} subtitles of “${input.title}”` +
      `${input.dueOn ? `, due ${input.dueOn}` : ''}.\n\n` +
      `Open them: ${publicUrl}${input.editorUrl}\n` +
      `All your assignments: ${publicUrl}${MY_ASSIGNMENTS_PAGE}\n`,
  };
}
