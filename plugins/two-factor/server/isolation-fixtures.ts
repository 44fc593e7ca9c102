import { defineIsolationFixtures } from '../../../server/plugin-api';

/**
 * The two-factor plugin in the isolation sweep: its rows are a user's own (no tenant to leak).
 * The two set-up routes take no body at all: called with none.
 */
export default defineIsolationFixtures({
  rawBodyRoutes: ['POST /api/v1/users/two_factor/setup', 'POST /users/two_factor/setup'],
});
