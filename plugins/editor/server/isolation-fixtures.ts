import { defineIsolationFixtures } from '../../../server/plugin-api';

/**
 * The editor's waveform route reads the subtitles plugin's seeded subtitle and the projects
 * plugin's stored media (not a real video: the owner gets 202 while its empty peaks are made,
 * then 200): nothing of its own to seed.
 */
export default defineIsolationFixtures({ after: ['subtitles'] });
