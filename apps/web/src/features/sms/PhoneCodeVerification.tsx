import { CheckCircleOutlined } from '@ant-design/icons';
import { Button, Input, Typography } from 'antd';
import { useState } from 'react';
import { asApiError, fieldErrorsOf } from '../auth';
import { problemOf } from '../../shared/api/problem-details';
import { usePhoneVerificationConfirmMutation, usePhoneVerificationSendMutation } from './smsApi';

interface Props {
  /** Names the fields apart where two forms could meet (`onboarding`, `settings`). */
  idPrefix: string;
  /** The number as the member typed it. */
  phoneNumber: string;
  /** The zone a national number is read in, when the account has none yet (onboarding). */
  timeZone?: string;
  /** The typed number is proved already. */
  verified: boolean;
  onVerified: (typed: string) => void;
}

/** What the server said, in the words it used: a field's message, else the problem's detail. */
const refusalOf = (error: unknown, field: string): string => {
  const fieldMessage = fieldErrorsOf(error).get(field)?.[0] ?? fieldErrorsOf(error).get('phoneNumber')?.[0];
  return fieldMessage ?? problemOf(asApiError(error))?.detail ?? 'That did not work. Please try again.';
};

/**
 * Proves the number is the member's before any text but the code goes to it: "Text me a code", then the 6 digits
 * typed back. Reminder texts can be turned on only for a proved number.
 */
export function PhoneCodeVerification({ idPrefix, phoneNumber, timeZone, verified, onVerified }: Props) {
  const [send, sending] = usePhoneVerificationSendMutation();
  const [confirm, confirming] = usePhoneVerificationConfirmMutation();
  /** The typed number the last code went to, and where (E.164). */
  const [sent, setSent] = useState<{ typed: string; to: string } | null>(null);
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const typed = phoneNumber.trim();
  const codeId = `${idPrefix}-phone-code`;
  const helpId = `${idPrefix}-phone-code-help`;

  if (verified && typed) {
    return (
      <p className="phone-verification__done" aria-live="polite">
        <CheckCircleOutlined aria-hidden /> This number is verified.
      </p>
    );
  }
  const codeSent = sent?.typed === typed ? sent : null;

  const sendCode = async () => {
    setProblem(null);
    const result = await send({ phoneNumber: typed, timeZone });
    if (result.error) return setProblem(refusalOf(result.error, 'phoneNumber'));
    setSent({ typed, to: result.data.phoneNumber });
    setCode('');
  };
  const confirmCode = async () => {
    setProblem(null);
    const result = await confirm({ phoneNumber: typed, timeZone, code: code.trim() });
    if (result.error) return setProblem(refusalOf(result.error, 'code'));
    onVerified(typed);
  };

  return (
    <div className="phone-verification">
      <Typography.Text type="secondary" className="field-help">
        {codeSent
          ? `We texted a code to ${codeSent.to}. It works for 10 minutes.`
          : 'We text you a code first, to be sure the number is yours. Texts go only to a verified number.'}
      </Typography.Text>
      {codeSent && (
        <div className="phone-verification__code">
          <label htmlFor={codeId} className="field-label">
            Code from the text
          </label>
          <Input
            id={codeId}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            placeholder="123456"
            value={code}
            status={problem ? 'error' : undefined}
            aria-describedby={problem ? helpId : undefined}
            aria-invalid={problem ? true : undefined}
            onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
            onPressEnter={() => code.length === 6 && void confirmCode()}
          />
        </div>
      )}
      {problem && (
        <Typography.Text id={helpId} type="danger" className="field-help" role="alert">
          {problem}
        </Typography.Text>
      )}
      <div className="phone-verification__actions">
        <Button onClick={() => void sendCode()} loading={sending.isLoading} disabled={!typed}>
          {codeSent ? 'Send a new code' : 'Text me a code'}
        </Button>
        {codeSent && (
          <Button type="primary" onClick={() => void confirmCode()} loading={confirming.isLoading} disabled={code.length !== 6}>
            Verify number
          </Button>
        )}
      </div>
    </div>
  );
}
