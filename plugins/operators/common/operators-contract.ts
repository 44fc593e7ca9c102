import type { RelevantAlert, Resource } from '../../../core/common/session-types';

/**
 * Instance operators' calls (ours; the spec shows the banner, docs/product-contract.md#what-the-product-does, #entities-and-fields `relevantAlert`, but
 * not how it is published). Operators are a role above account admins: OPERATOR_EMAILS or the
 * CLI (server/cli/operators.ts); the user resource's `role` is `staff` for them. The banner is
 * published, edited and withdrawn here while the app runs, and every open page asks
 * `GET /api/v1/alerts/relevant` on its poll.
 */
export const OPERATORS_PATHS = {
  /** GET -> AlertsResponse (the newest first); POST AlertFieldsRequest -> AlertResponse (published). Operators only. */
  alerts: '/api/v1/alerts',
  /** PUT AlertFieldsRequest -> AlertResponse (corrected in place); DELETE -> AlertResponse (withdrawn). Operators only. */
  alert: (alertId: string) => `/api/v1/alerts/${alertId}`,
  /** GET -> RelevantAlertResponse: the banner the caller should see now (any logged-in user). */
  relevant: '/api/v1/alerts/relevant',
} as const;

export const OPERATORS_PAGE = '/operators';

/** How many alerts the operators' page lists (the newest). */
export const ALERTS_LISTED = 20;
export const ALERT_MESSAGE_MAX = 500;
export const ALERT_LINK_LABEL_MAX = 60;
export const ALERT_LINK_URL_MAX = 2000;

export const OPERATORS_MESSAGES = {
  alertsNotLoaded: 'Alerts could not be loaded',
  published: 'Alert published',
  notPublished: 'Alert could not be published',
  edited: 'Alert saved',
  notEdited: 'Alert could not be saved',
  withdrawn: 'Alert withdrawn',
  notWithdrawn: 'Alert could not be withdrawn',
  noneShown: 'No alert is shown now',
} as const;

/** What the server says (403/404/422). */
export const OPERATORS_SERVER_MESSAGES = {
  operatorsOnly: 'Only instance operators can do this',
  alertNotFound: 'Alert not found',
  messageBlank: "Message can't be blank",
  linkTogether: 'Give the link both a label and an address, or neither',
  linkUrl: 'The link must start with http://, https:// or /',
} as const;

export interface AlertFieldsRequest {
  message: string;
  linkLabel: string | null;
  linkUrl: string | null;
}

export interface AlertAttributes extends Omit<RelevantAlert, 'id'> {
  /** Shown to people who have not dismissed it (false: withdrawn). */
  active: boolean;
  createdAt: string;
}

export type AlertResource = Resource<'alert', AlertAttributes>;

export interface AlertsResponse {
  data: AlertResource[];
}

export interface AlertResponse {
  data: AlertResource;
}

export interface RelevantAlertResponse {
  data: RelevantAlert | null;
}
