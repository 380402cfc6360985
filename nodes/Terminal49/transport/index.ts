/**
 * The one way the nodes talk to Terminal49: one request (./request.ts: authentication, JSON:API bodies,
 * pacing under the rate limit, retries, error mapping) and the pages of a list (./pagination.ts).
 */
export * from './request';
export * from './pagination';
