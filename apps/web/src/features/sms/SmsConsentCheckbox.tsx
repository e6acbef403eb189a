import { smsConsentText } from '@abide/contracts';
import { Checkbox } from 'antd';
import { useNudgesScheduleQuery } from './smsApi';

interface Props {
  id?: string;
  /** The reminder frequency the member chose: the words name that reminder. */
  frequency: string;
  checked?: boolean;
  onChange?: (checked: boolean) => void;
  disabled?: boolean;
}

/**
 * The explicit opt-in to reminder texts: its label says exactly what will be sent, how often at most, when never, how to
 * stop, and that rates may apply (the words come from the server's live schedule). Ticked and saved, it is recorded
 * with its time.
 */
export function SmsConsentCheckbox({ id, frequency, checked, onChange, disabled }: Props) {
  const { data: schedule, isError } = useNudgesScheduleQuery();
  const words = schedule
    ? smsConsentText(schedule, frequency)
    : isError
      ? 'Text messages cannot be offered right now: reload the page to try again.'
      : 'Loading what we would send…';
  return (
    <Checkbox
      id={id}
      className="sms-consent"
      checked={checked}
      disabled={disabled || !schedule}
      onChange={(event) => onChange?.(event.target.checked)}
    >
      {words}
    </Checkbox>
  );
}
