import { reminderScheduleSchema, type ReminderSchedule } from '@abide/contracts';
import { abideApi } from '../../shared/api/generated/abideApi';
import { checkedBy } from '../../shared/api/response-schema';

/**
 * When reminders go out, for the words of the SMS opt-in (onboarding's last step, Settings), and proving a number with
 * a texted code before texts can be turned on for it.
 */
export const smsApi = abideApi.enhanceEndpoints({
  endpoints: { nudgesSchedule: { responseSchema: checkedBy<ReminderSchedule>(reminderScheduleSchema) } },
});

export const { useNudgesScheduleQuery, usePhoneVerificationSendMutation, usePhoneVerificationConfirmMutation } = smsApi;
