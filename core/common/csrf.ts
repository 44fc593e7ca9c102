/**
 * The CSRF handshake both sides speak (docs/product-contract.md#roles, #constants-and-limits): the page carries the token in a meta tag, every
 * write sends it in this header, and after log-in and log-out the server hands the new token over in
 * this cookie.
 */
export const CSRF_COOKIE = 'CSRF-TOKEN';
export const CSRF_HEADER = 'X-CSRF-Token';
