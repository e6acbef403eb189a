import { canContinue, emptyDraft, nextStep, planSummary, previousStep, progressPercent, stepError } from './onboarding-steps';

describe(stepError.name, () => {
  it('returns a message on step 1 until a spiritual goal is chosen', () => {
    expect(stepError(1, emptyDraft)).toBe('Choose at least one spiritual goal');
    expect(stepError(1, { ...emptyDraft, spiritualGoals: ['Serving others'] })).toBeNull();
  });

  it('returns a message on step 1 when a goal is not in the list', () => {
    expect(stepError(1, { ...emptyDraft, spiritualGoals: ['Become famous'] as never })).not.toBeNull();
  });

  it('returns a message on step 2 until a connection preference is chosen', () => {
    expect(stepError(2, emptyDraft)).toBe('Choose at least one way you connect with God');
    expect(stepError(2, { ...emptyDraft, connectionPreferences: ['nature'] })).toBeNull();
  });

  it('returns a message on step 3 when no reminder frequency is chosen', () => {
    expect(stepError(3, { ...emptyDraft, reminderFrequency: '' })).toBe('Choose how often you would like reminders');
    expect(stepError(3, emptyDraft)).toBeNull();
  });

  it('returns null on step 4 with or without a phone number', () => {
    expect(stepError(4, emptyDraft)).toBeNull();
    expect(stepError(4, { ...emptyDraft, phoneNumber: '(201) 555-0123' })).toBeNull();
  });

  it('returns a message on step 4 when texts are asked for without a number', () => {
    expect(stepError(4, { ...emptyDraft, smsOptIn: true })).toBe('Add a phone number to get reminder texts');
  });

  it('returns a message on step 4 when texts are asked for at a number not proved with a texted code', () => {
    const draft = { ...emptyDraft, smsOptIn: true, phoneNumber: '(201) 555-0123' };

    expect(stepError(4, draft)).toBe('Verify this number to get reminder texts: we text you a code');
    expect(stepError(4, { ...draft, provedNumbers: ['(201) 555-0199'] })).not.toBeNull();
    expect(stepError(4, { ...draft, provedNumbers: ['(201) 555-0123'] })).toBeNull();
  });

  it('returns a message on step 4 when the phone has characters a number never has', () => {
    expect(stepError(4, { ...emptyDraft, phoneNumber: 'call me' })).not.toBeNull();
  });
});

describe(canContinue.name, () => {
  it('returns true on step 3 with the default daily reminders', () => {
    expect(emptyDraft.reminderFrequency).toBe('daily');
    expect(canContinue(3, emptyDraft)).toBe(true);
  });
});

describe(progressPercent.name, () => {
  it('returns 25, 50, 75 and 100 for the four steps', () => {
    expect(([1, 2, 3, 4] as const).map(progressPercent)).toEqual([25, 50, 75, 100]);
  });
});

describe(nextStep.name, () => {
  it('returns the following step and stops at 4', () => {
    expect(nextStep(1)).toBe(2);
    expect(nextStep(4)).toBe(4);
    expect(previousStep(1)).toBe(1);
    expect(previousStep(3)).toBe(2);
  });
});

describe(planSummary.name, () => {
  it('returns what the plan will include from the choices', () => {
    const sut = planSummary({
      spiritualGoals: ['Deeper prayer life', 'Daily Bible reading'],
      connectionPreferences: ['nature', 'bible'],
      reminderFrequency: 'weekly',
      phoneNumber: ' (201) 555-0123 ',
      smsOptIn: true,
      sharedWith: [
        { kind: 'group', id: 'g1', name: 'Emmaus Road' },
        { kind: 'church', id: 'c1', name: 'Grace Chapel' },
      ],
    });

    expect(sut).toEqual([
      'Weekly activities for deeper prayer life and daily Bible reading',
      'Practices built around Bible reading and nature',
      'Weekly reminders, Sunday evening',
      'Text message nudges to (201) 555-0123',
      'Your progress shared with Emmaus Road and Grace Chapel',
      'Habit tracking and a journal with reflection prompts',
    ]);
  });

  it('returns no text message line for a number given without the opt-in', () => {
    expect(planSummary({ ...emptyDraft, phoneNumber: '(201) 555-0123' }).join(' ')).not.toContain('Text message');
  });

  it('keeps progress private until the member chooses, for each group or church, to share it (#26)', () => {
    expect(emptyDraft.sharedWith).toEqual([]);
    expect(planSummary(emptyDraft)).toContain('Your progress kept private (you can share it in Settings)');
  });

  it('returns a no-reminders line when reminders are off', () => {
    expect(planSummary({ ...emptyDraft, reminderFrequency: 'none' })).toContain('No reminders (you can turn them on in Settings)');
  });
});
