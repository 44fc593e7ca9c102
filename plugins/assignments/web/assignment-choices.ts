import { languageName, type CommandChoice, type CommandContext } from '../../../core';
import { readProjectVersionPage } from '../../projects/common/project-version-route';
import type { AssignmentRole } from '../common/assignments-contract';
import { assignmentsModel } from './assignments-model-loader';

/**
 * The palette's "Assign translator…" / "Assign reviewer…": one choice per language of the page's
 * version (only the open subtitle's on its page) and person of the workspace, typed as
 * "spanish mo"; the current assignee says so, and "Spanish: nobody" unassigns them. Reviewers are
 * offered only as reviewers.
 */
export async function assignmentChoices(ctx: CommandContext, role: AssignmentRole): Promise<CommandChoice[]> {
  const page = readProjectVersionPage(ctx.when.path);
  const workspaceId = ctx.when.workspaceId;
  if (!page || !workspaceId) return [];
  const model = await assignmentsModel.load(ctx.container);
  const [version, people] = await Promise.all([model.versionFx(page.projectVersionId), model.assigneesFx(workspaceId)]);
  if (!version.meta.canAssign) return [];
  const languages = version.data.filter((language) => !page.subtitleId || language.id === page.subtitleId);
  return languages.flatMap((language) => {
    const name = languageName(language.attributes.language);
    const current = language.attributes[role];
    const choices: CommandChoice[] = people
      .filter((person) => role === 'reviewer' || person.attributes.accountRole !== 'reviewer')
      .map((person) => ({
        id: `${language.id}:${person.id}`,
        title: `${name}: ${person.attributes.name}`,
        subtitle: current?.attributes.userId === person.id ? 'assigned now' : person.attributes.email,
        keywords: [language.attributes.language, person.attributes.email],
        run: async () => {
          await model.assignFx({
            subtitleId: language.id,
            role,
            userId: person.id,
            dueOn: current?.attributes.dueOn ?? null,
          });
        },
      }));
    if (current)
      choices.push({
        id: `${language.id}:nobody`,
        title: `${name}: nobody`,
        subtitle: `unassign ${current.attributes.assigneeName}`,
        keywords: [language.attributes.language, 'unassign', 'remove'],
        run: async () => {
          await model.unassignFx({ subtitleId: language.id, role });
        },
      });
    return choices;
  });
}
