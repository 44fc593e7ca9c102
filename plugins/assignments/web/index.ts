import { contribute, definePlugin, PLUGIN_API_VERSION, type Command, type WhenContext } from '../../../core';
import { projectVersionSections } from '../../projects/web/extension-points';
import { readProjectVersionPage } from '../../projects/common/project-version-route';

const lazy = () => import('./assignments-lazy');
const member = (ctx: WhenContext) => ctx.isMember && !!ctx.workspaceId;
/** A version's or subtitle's page: its commands outrank global ones with the same words there. */
const onVersion = (ctx: WhenContext) => member(ctx) && !!readProjectVersionPage(ctx.path);
const assign = (role: 'translator' | 'reviewer'): Command => ({
  id: `assignments.${role}`,
  title: `Assign ${role}…`,
  group: 'Assignments',
  when: onVersion,
  choices: async (ctx) => (await lazy()).assignmentChoices(ctx, role),
});

/**
 * Who does what: "My assignments" (`/assignments`, the contract's MY_ASSIGNMENTS_PAGE spelled
 * here so the contract stays lazy), the version page's section, and the palette's "My
 * assignments", "Assign translator…", "Assign reviewer…" (language and person as nested
 * choices). Terse on purpose: this definition is in the initial JavaScript, whose budget is over;
 * everything else is one lazy chunk.
 */
export default definePlugin({
  id: 'assignments',
  title: 'Assignments',
  apiVersion: PLUGIN_API_VERSION,
  routes: [
    {
      path: '/assignments',
      load: async () => ({ default: (await lazy()).MyAssignmentsPage }),
      title: 'My assignments',
    },
  ],
  commands: [
    {
      id: 'assignments.mine',
      title: 'My assignments',
      group: 'Assignments',
      when: member,
      run: (ctx) => ctx.navigate('/assignments'),
    },
    assign('translator'),
    assign('reviewer'),
  ],
  contributions: [
    contribute(projectVersionSections, {
      id: 'assignments',
      title: 'Who does what',
      order: 15,
      load: async () => ({ default: (await lazy()).VersionAssignmentsSection }),
    }),
  ],
});
