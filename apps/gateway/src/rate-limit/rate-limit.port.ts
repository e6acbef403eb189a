/** What other gateway features may use of rate limits: counting a request against its limit, and who is asking. */
export { RateLimits } from './rate-limits';
export { MemberOfRequest } from './member-of-request';
