import { notificationsEndpoints } from '../../shared/api/generated/endpoints/notifications';
import { settingsEndpoints } from '../../shared/api/generated/endpoints/settings';

/**
 * When reminders go out, for the words of the SMS opt-in (onboarding's last step, Settings), and proving a number with
 * a texted code before texts can be turned on for it.
 */
export const { useNudgesScheduleQuery } = notificationsEndpoints;
export const { usePhoneVerificationSendMutation, usePhoneVerificationConfirmMutation } = settingsEndpoints;
