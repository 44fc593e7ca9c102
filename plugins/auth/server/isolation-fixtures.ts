import { defineIsolationFixtures } from '../../../server/plugin-api';

/** The isolation sweep's values for the auth plugin's routes: nothing to seed. */
export default defineIsolationFixtures({
  async seed() {
    // The analytics id a visitor had before signing up: free text, not a row.
    return { anonymousId: 'sweep-anonymous-id' };
  },
  multipartRoutes: { 'POST /api/v1/users/change_avatar': { field: 'avatar', kind: 'image' } },
});
