/** What other features may use of SMS reminders: phone verification and consent (onboarding, settings). */
export { PhoneCodeVerification } from './PhoneCodeVerification';
export { SmsConsentCheckbox } from './SmsConsentCheckbox';
