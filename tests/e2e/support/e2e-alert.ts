/** The alert the e2e server publishes before it starts; every test user sees it until dismissed. */
export const E2E_ALERT = {
  message: 'Scheduled maintenance on Sunday at 06:00 UTC',
  linkLabel: 'Status page',
  linkUrl: 'https://status.polycue.example/',
} as const;

/** The e2e server's OPERATOR_EMAILS (playwright.config.ts): whoever signs up with it is an instance operator. */
export const E2E_OPERATOR_EMAIL = 'operator.e2e@example.com';
