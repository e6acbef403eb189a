/** What other identity features may use of text messages: a member's opt-in, who may be texted, and proved numbers. */
export { SmsOptIns, type NumberStatus } from './sms-opt-ins';
export { SmsPermissions } from './sms-permissions';
export { VerifiedNumbers } from './verified-numbers';
