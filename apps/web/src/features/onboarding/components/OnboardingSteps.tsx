import {
  BellOutlined,
  BookOutlined,
  CalendarOutlined,
  CompassOutlined,
  CustomerServiceOutlined,
  FireOutlined,
  HeartOutlined,
  LockOutlined,
  MessageOutlined,
  ReadOutlined,
  SmileOutlined,
  StopOutlined,
  SunOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { connectionOptions, reminderFrequencies, spiritualGoals, type ConnectionId, type ReminderFrequency } from '@abide/contracts';
import { Input, Typography } from 'antd';
import type { ReactNode } from 'react';
import { ChoiceCard } from '../../../shared/components/ChoiceCard';
import { NO_MEMBERSHIPS_YET, sharingLabel, useSharingMineQuery } from '../../sharing';
import { PhoneCodeVerification, SmsConsentCheckbox } from '../../sms';
import { isProved, planSummary, type OnboardingDraft, type SharedWith } from '../onboarding-steps';

type Change = (patch: Partial<OnboardingDraft>) => void;

const toggle = <T extends string>(list: T[], value: T, on: boolean): T[] => (on ? [...list, value] : list.filter((item) => item !== value));

const goalIcons: Record<(typeof spiritualGoals)[number], ReactNode> = {
  'Deeper prayer life': <FireOutlined />,
  'Daily Bible reading': <ReadOutlined />,
  'Serving others': <HeartOutlined />,
  'Building community': <TeamOutlined />,
  'Spiritual disciplines': <CompassOutlined />,
  'Evangelism & discipleship': <MessageOutlined />,
};

const connectionIcons: Record<ConnectionId, ReactNode> = {
  bible: <BookOutlined />,
  prayer: <FireOutlined />,
  worship: <CustomerServiceOutlined />,
  community: <TeamOutlined />,
  service: <HeartOutlined />,
  nature: <SunOutlined />,
};

const frequencyIcons: Record<ReminderFrequency, ReactNode> = {
  daily: <BellOutlined />,
  weekly: <CalendarOutlined />,
  none: <StopOutlined />,
};

export function GoalsStep({ draft, onChange }: { draft: OnboardingDraft; onChange: Change }) {
  return (
    <fieldset className="choice-grid">
      <legend className="visually-hidden">Spiritual goals</legend>
      {spiritualGoals.map((goal) => (
        <ChoiceCard
          key={goal}
          type="checkbox"
          name="spiritualGoals"
          value={goal}
          title={goal}
          icon={goalIcons[goal]}
          checked={draft.spiritualGoals.includes(goal)}
          onChange={(on) => onChange({ spiritualGoals: toggle(draft.spiritualGoals, goal, on) })}
        />
      ))}
    </fieldset>
  );
}

export function ConnectionStep({ draft, onChange }: { draft: OnboardingDraft; onChange: Change }) {
  return (
    <fieldset className="choice-grid">
      <legend className="visually-hidden">Ways you connect with God</legend>
      {connectionOptions.map((option) => (
        <ChoiceCard
          key={option.id}
          type="checkbox"
          name="connectionPreferences"
          value={option.id}
          title={option.label}
          icon={connectionIcons[option.id]}
          checked={draft.connectionPreferences.includes(option.id)}
          onChange={(on) => onChange({ connectionPreferences: toggle(draft.connectionPreferences, option.id, on) })}
        />
      ))}
    </fieldset>
  );
}

export function ReminderStep({ draft, onChange }: { draft: OnboardingDraft; onChange: Change }) {
  return (
    <fieldset className="choice-list">
      <legend className="visually-hidden">Reminder frequency</legend>
      {reminderFrequencies.map((frequency) => (
        <ChoiceCard
          key={frequency.id}
          type="radio"
          name="reminderFrequency"
          value={frequency.id}
          title={frequency.label}
          description={frequency.description}
          icon={frequencyIcons[frequency.id]}
          checked={draft.reminderFrequency === frequency.id}
          onChange={(on) => on && onChange({ reminderFrequency: frequency.id })}
        />
      ))}
    </fieldset>
  );
}

/**
 * Sharing progress is asked, not assumed (#26): one choice per group and church the member already belongs to (an
 * accepted invitation), each off until they turn it on. A member in none is told that joining one will ask.
 */
function SharingChoice({ draft, onChange }: { draft: OnboardingDraft; onChange: Change }) {
  const mine = useSharingMineQuery(undefined, { refetchOnMountOrArgChange: true });
  const memberships: SharedWith[] = [
    ...(mine.data?.groups ?? []).map((g) => ({ kind: 'group' as const, id: g.id, name: g.name })),
    ...(mine.data?.churches ?? []).map((c) => ({ kind: 'church' as const, id: c.id, name: c.name })),
  ];
  const chosen = (m: SharedWith) => draft.sharedWith.some((s) => s.kind === m.kind && s.id === m.id);
  const toggle = (m: SharedWith, on: boolean) =>
    onChange({ sharedWith: on ? [...draft.sharedWith.filter((s) => !(s.kind === m.kind && s.id === m.id)), m] : draft.sharedWith.filter((s) => !(s.kind === m.kind && s.id === m.id)) });
  return (
    <fieldset className="choice-list sharing-choice" aria-describedby="sharing-choice-help">
      <legend className="field-label">Share your progress with your groups and churches?</legend>
      <p id="sharing-choice-help" className="field-help sharing-choice__help">
        Leaders of a group or church you share with see how many habits you checked in, plan activities you finished and
        days you journaled. Never what you write. You choose for each one, and can change it any time in Settings.
      </p>
      {mine.isLoading ? null : memberships.length === 0 ? (
        <p className="field-help sharing-choice__none">{NO_MEMBERSHIPS_YET}</p>
      ) : (
        memberships.map((m) => (
          <ChoiceCard
            key={`${m.kind}:${m.id}`}
            type="checkbox"
            name="sharedWith"
            value={`${m.kind}:${m.id}`}
            title={sharingLabel(m.kind, m.name)}
            description={m.kind === 'group' ? 'Your counts appear on its leaders’ dashboard.' : 'Your counts appear on its pastors’ dashboard.'}
            icon={m.kind === 'group' ? <TeamOutlined /> : <LockOutlined />}
            checked={chosen(m)}
            onChange={(on) => toggle(m, on)}
          />
        ))
      )}
    </fieldset>
  );
}

export function FinishStep({ draft, onChange, phoneError }: { draft: OnboardingDraft; onChange: Change; phoneError: string | null }) {
  return (
    <div className="finish-step">
      <div className="finish-step__field">
        <label htmlFor="onboarding-phone" className="field-label">
          Phone number <span className="field-label__hint">(optional)</span>
        </label>
        <Input
          id="onboarding-phone"
          size="large"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="(555) 123-4567"
          value={draft.phoneNumber}
          status={phoneError ? 'error' : undefined}
          aria-describedby="onboarding-phone-help"
          aria-invalid={phoneError ? true : undefined}
          onChange={(event) => onChange({ phoneNumber: event.target.value })}
        />
        <Typography.Text id="onboarding-phone-help" type={phoneError ? 'danger' : 'secondary'} className="field-help">
          {phoneError ?? 'For text message nudges. You can add or change it later in Settings.'}
        </Typography.Text>
        <SmsConsentCheckbox
          id="onboarding-sms"
          frequency={draft.reminderFrequency || 'none'}
          checked={draft.smsOptIn}
          onChange={(smsOptIn) => onChange({ smsOptIn })}
        />
        {draft.smsOptIn && draft.phoneNumber.trim() && (
          <PhoneCodeVerification
            idPrefix="onboarding"
            phoneNumber={draft.phoneNumber}
            timeZone={Intl.DateTimeFormat().resolvedOptions().timeZone}
            verified={isProved(draft)}
            onVerified={(typed) => onChange({ provedNumbers: [...(draft.provedNumbers ?? []), typed] })}
          />
        )}
      </div>
      <SharingChoice draft={draft} onChange={onChange} />
      <section className="plan-summary" aria-labelledby="plan-summary-title">
        <h3 id="plan-summary-title" className="plan-summary__title">
          <SmileOutlined aria-hidden /> Your plan will include
        </h3>
        <ul className="plan-summary__list">
          {planSummary(draft).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </section>
    </div>
  );
}
