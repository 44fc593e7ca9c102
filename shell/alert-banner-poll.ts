/** The banner the caller should see now (plugins/operators serves it; operators publish there). */
export const RELEVANT_ALERT_PATH = '/api/v1/alerts/relevant';
/**
 * How often an open page asks for its banner: an alert published, corrected or withdrawn while
 * the app runs shows (or goes) within a minute, at one small request a minute per visible tab.
 * (Plain constants, no imports: the browser tests read them too.)
 */
export const ALERT_POLL_MS = 60_000;
