import { ArrowLeftOutlined, ArrowRightOutlined, CheckOutlined } from '@ant-design/icons';
import { ONBOARDING_STEPS } from '@abide/contracts';
import { App, Button, Card, Progress, Typography } from 'antd';
import { useRef, useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { BrandMark } from '../../../shared/components/BrandMark';
import { problemOf } from '../../../shared/api/problem-details';
import { useAuth, profileNameFor, asApiError, fieldErrorsOf } from '../../auth';
import { ConnectionStep, FinishStep, GoalsStep, ReminderStep } from '../components/OnboardingSteps';
import {
  emptyDraft,
  nextStep,
  previousStep,
  progressPercent,
  stepError,
  type OnboardingDraft,
  type OnboardingStep,
} from '../onboarding-steps';
import { useOnboardingCompleteMutation } from '../onboardingApi';
import { useSharingChurchMutation, useSharingGroupMutation } from '../../sharing';

const stepCopy: Record<OnboardingStep, { title: string; lead: string }> = {
  1: { title: 'What are your spiritual goals?', lead: 'Choose as many as you like. Your plan will focus on them.' },
  2: { title: 'How do you connect with God?', lead: 'Pick the practices that help you feel close to Him.' },
  3: { title: 'How often would you like reminders?', lead: 'Gentle nudges to keep your rhythm. You can change this anytime.' },
  4: {
    title: 'Almost there',
    lead: 'Add a phone number for text nudges if you like, choose whether your leaders see your progress, and review your plan.',
  },
};

/** The four-step wizard, without the frame; a completed member goes straight to the plan. */
export function OnboardingPage() {
  const { user, refreshProfile } = useAuth();
  const { notification } = App.useApp();
  const navigate = useNavigate();
  const [step, setStep] = useState<OnboardingStep>(1);
  const [draft, setDraft] = useState<OnboardingDraft>(emptyDraft);
  /** The server's word on the number (e.g. not a valid one), until the member changes it. */
  const [phoneRefusal, setPhoneRefusal] = useState<string | null>(null);
  const [complete, { isLoading }] = useOnboardingCompleteMutation();
  const [shareGroup] = useSharingGroupMutation();
  const [shareChurch] = useSharingChurchMutation();
  const headingRef = useRef<HTMLHeadingElement>(null);

  if (user?.onboardingCompleted) return <Navigate to="/plan" replace />;

  const error = stepError(step, draft);
  const percent = progressPercent(step);
  const change = (patch: Partial<OnboardingDraft>) => {
    if (patch.phoneNumber !== undefined) setPhoneRefusal(null);
    setDraft((current) => ({ ...current, ...patch }));
  };
  const goTo = (target: OnboardingStep) => {
    setStep(target);
    // Move focus to the new question so screen readers announce it and keyboards start at the top.
    requestAnimationFrame(() => headingRef.current?.focus());
  };

  const submit = async () => {
    if (error || !draft.reminderFrequency) return;
    const result = await complete({
      name: profileNameFor(user),
      spiritualGoals: draft.spiritualGoals,
      connectionPreferences: draft.connectionPreferences,
      reminderFrequency: draft.reminderFrequency,
      phoneNumber: draft.phoneNumber.trim(),
      smsOptIn: draft.smsOptIn,
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    // A number that replied STOP is refused whoever asks (409): the member reads why beside the number.
    const problem = problemOf(asApiError(result.error));
    const refusal = fieldErrorsOf(result.error).get('phoneNumber')?.[0] ?? (problem?.status === 409 ? problem.detail : undefined);
    if (refusal) {
      setPhoneRefusal(refusal);
      return;
    }
    if (result.error) {
      console.error('Onboarding failed', result.error);
      notification.error({ title: 'Setup incomplete', description: 'Please try completing setup again.' });
      return;
    }
    // Each membership's own choice (#26), saved once the account is set up.
    const shared = await Promise.all(
      draft.sharedWith.map((m) =>
        m.kind === 'group' ? shareGroup({ id: m.id, setSharingDto: { shares: true } }) : shareChurch({ id: m.id, setSharingDto: { shares: true } }),
      ),
    );
    if (shared.some((r) => r.error)) {
      notification.warning({ title: 'Some sharing choices were not saved', description: 'Please turn them on in Settings, under Privacy.' });
    }
    notification.success({ title: 'Welcome to your spiritual journey!', description: 'Your personalized plan has been created.' });
    await refreshProfile();
    navigate('/plan', { replace: true });
  };

  return (
    <main className="onboarding">
      <title>{`Step ${step} of ${ONBOARDING_STEPS} · Set up your plan · Abide`}</title>
      <header className="onboarding__header">
        <BrandMark to="/" />
      </header>
      <Card className="onboarding__card" variant="borderless">
        <div className="onboarding__progress">
          <div className="onboarding__progress-text">
            <span>
              Step {step} of {ONBOARDING_STEPS}
            </span>
            <span>{percent}% Complete</span>
          </div>
          <Progress percent={percent} showInfo={false} strokeColor="#0f766e" aria-label={`Setup progress: ${percent}%`} />
        </div>
        <Typography.Title level={1} className="onboarding__title" tabIndex={-1} ref={headingRef}>
          {stepCopy[step].title}
        </Typography.Title>
        <Typography.Paragraph type="secondary" className="onboarding__lead">
          {stepCopy[step].lead}
        </Typography.Paragraph>

        {step === 1 && <GoalsStep draft={draft} onChange={change} />}
        {step === 2 && <ConnectionStep draft={draft} onChange={change} />}
        {step === 3 && <ReminderStep draft={draft} onChange={change} />}
        {step === 4 && <FinishStep draft={draft} onChange={change} phoneError={error ?? phoneRefusal} />}

        {step < 4 && (
          <p className={error ? 'onboarding__hint' : 'onboarding__hint onboarding__hint--hidden'} aria-live="polite">
            {error ?? ' '}
          </p>
        )}

        <div className="onboarding__actions">
          <Button
            size="large"
            icon={<ArrowLeftOutlined aria-hidden />}
            disabled={step === 1 || isLoading}
            onClick={() => goTo(previousStep(step))}
          >
            Previous
          </Button>
          {step < ONBOARDING_STEPS ? (
            <Button type="primary" size="large" disabled={error !== null} onClick={() => goTo(nextStep(step))}>
              Continue <ArrowRightOutlined aria-hidden />
            </Button>
          ) : (
            <Button
              type="primary"
              size="large"
              icon={<CheckOutlined aria-hidden />}
              loading={isLoading}
              disabled={error !== null || isLoading}
              onClick={() => void submit()}
            >
              Complete Setup
            </Button>
          )}
        </div>
      </Card>
    </main>
  );
}
