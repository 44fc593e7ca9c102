import { defineIsolationFixtures } from '../../../server/plugin-api';

/**
 * The editor's waveform and shot-change routes read the subtitles plugin's seeded subtitle and
 * the projects plugin's stored media (not a real video: the owner gets 202 while its empty peaks
 * and cuts are made, then 200): nothing of its own to seed.
 */
export default defineIsolationFixtures({ after: ['subtitles'] });
