import { journalPrompts } from '../../content/journal-prompts';
import { reflectionScriptures } from '../../content/reflection-scriptures';
import { addDays } from '@abide/calendar';
import { newPrompt, promptOfTheDay, RECENT_PROMPTS_EXCLUDED, scriptureForPrompt } from './prompt-picker';

describe(promptOfTheDay.name, () => {
  it('returns the same prompt all day for a member', () => {
    expect(promptOfTheDay({ memberId: 'ruth', date: '2025-03-12' })).toBe(promptOfTheDay({ memberId: 'ruth', date: '2025-03-12' }));
  });

  it('returns no repeat until every prompt has been used', () => {
    const days = Array.from(
      { length: journalPrompts.length },
      (_, i) => promptOfTheDay({ memberId: 'ruth', date: addDays('2025-01-01', i) }).id,
    );
    expect(new Set(days).size).toBe(journalPrompts.length);
  });

  it('returns different prompts for different members on the same day, mostly', () => {
    const members = Array.from({ length: 30 }, (_, i) => promptOfTheDay({ memberId: `member-${i}`, date: '2025-03-12' }).id);
    expect(new Set(members).size).toBeGreaterThan(15);
  });
});

describe(newPrompt.name, () => {
  const base = { memberId: 'ruth', date: '2025-03-12', recentPromptIds: [] as string[] };

  it('returns none of the last ten prompts, however many are asked for in a row', () => {
    const shown: string[] = [promptOfTheDay(base).id];
    for (let i = 0; i < 200; i++) {
      const next = newPrompt({ ...base, recentPromptIds: shown }).id;
      expect(shown.slice(-RECENT_PROMPTS_EXCLUDED)).not.toContain(next);
      shown.push(next);
    }
    expect(new Set(shown).size).toBeGreaterThan(40);
  });

  it('returns the same prompt for the same history', () => {
    const request = { ...base, recentPromptIds: ['three-gifts', 'honest-prayer'] };
    expect(newPrompt(request)).toBe(newPrompt({ ...request }));
  });

  it('returns prompts of the week theme and mood more often', () => {
    let onTheme = 0;
    for (let i = 0; i < 200; i++) {
      if (newPrompt({ ...base, date: addDays('2025-01-01', i), themeId: 'sabbath-rest', mood: 'peaceful' }).themes.includes('sabbath-rest'))
        onTheme++;
    }
    // 5 of 65 prompts carry the theme: about 8 % unweighted.
    expect(onTheme / 200).toBeGreaterThan(0.2);
  });

  it('returns a prompt even when the list is no longer than the excluded window', () => {
    const few = journalPrompts.slice(0, 3);
    const sut = newPrompt({ ...base, recentPromptIds: few.map((p) => p.id) }, few);
    expect(sut.id).not.toBe(few[2].id);
  });
});

describe(scriptureForPrompt.name, () => {
  it('returns a reflection scripture that shares the prompt theme, with the reason', () => {
    const prompt = journalPrompts.find((p) => p.id === 'biggest-worry')!;
    const sut = scriptureForPrompt({ prompt, memberId: 'ruth', date: '2025-03-12' });
    const chosen = reflectionScriptures.find((s) => s.reference === sut.reference)!;
    expect(chosen.themes).toContain('trust-in-anxious-times');
    expect(sut.reason).toBe(`It ${chosen.because}.`);
  });

  it('returns a scripture for every prompt in the library', () => {
    for (const prompt of journalPrompts) expect(scriptureForPrompt({ prompt, memberId: 'm', date: '2025-03-12' }).reference).toMatch(/\d/);
  });

  it('returns the theme anchor passage when no reflection scripture shares the theme', () => {
    const prompt = { id: 'p', text: 'What did you notice?', themes: ['a-generous-life'], moods: [] };
    expect(scriptureForPrompt({ prompt, memberId: 'm', date: '2025-03-12' }, [])).toEqual({
      reference: '2 Corinthians 9:6-11',
      reason: 'It is the anchor passage of “A Generous Life”: Everything we have is on loan from a generous God.',
    });
  });
});
