/** What other gateway features may use of the security headers: the ones a service's own answer may not set. */
export { serviceSecurityHeaders } from './security-headers';
