import accounts from '../plugins/accounts/server/index';
import auth from '../plugins/auth/server/index';
import labels from '../plugins/labels/server/index';
import projects from '../plugins/projects/server/index';
import pipeline from '../plugins/pipeline/server/index';
import subtitles from '../plugins/subtitles/server/index';
import type { ServerPlugin } from './plugin-api';

/**
 * The server plugin list: adding a feature is adding its folder and one line here. Order only
 * matters for readability; migrations are ordered by id and routes by path.
 */
export const serverPlugins: ServerPlugin[] = [auth, accounts, projects, labels, subtitles, pipeline];
