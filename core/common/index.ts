/**
 * Contracts both sides share: resource and error shapes, session types, the CSRF handshake, the
 * page configuration and the tokens of services plugins offer each other on the server. Plain
 * types and constants only, so server code (`server/`, `plugins/*\/server`, `plugins/*\/common`)
 * may import it without pulling in the browser kernel.
 */
export * from './session-types';
export * from './csrf';
export * from './error-body';
export * from './page-config';
export * from './plugin-package';
export * from './shared-modules';
export * from './service-token';
export * from './language-name';
export * from './plan-refusal';
export * from './resource-id';
export * from './duration';
