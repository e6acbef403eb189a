import { connectionOptions, moods, spiritualGoals } from '@abide/contracts';
import { activities } from './activities';
import { journalPrompts } from './journal-prompts';
import { reflectionScriptures } from './reflection-scriptures';
import { normaliseScriptureReference } from './scripture-reference';
import { themes } from './themes';

const themeIds = new Set(themes.map((t) => t.id));
const connectionIds = connectionOptions.map((c) => c.id);
const sentences = (text: string) => text.split(/(?<=[.!?])\s+(?=[A-Z"'])/).length;
const isCanonical = (reference: string) => normaliseScriptureReference(reference) === reference;
const duplicates = (ids: string[]) => ids.filter((id, i) => ids.indexOf(id) !== i);

describe('themes', () => {
  it('returns at least 16 themes with unique kebab-case ids', () => {
    expect(themes.length).toBeGreaterThanOrEqual(16);
    expect(duplicates(themes.map((t) => t.id))).toEqual([]);
    expect(themes.every((t) => /^[a-z]+(-[a-z]+)*$/.test(t.id))).toBe(true);
  });

  it.each(themes.map((t) => [t.id, t] as const))(
    'returns a title, a one- or two-sentence description and 3+ canonical references for %s',
    (_, theme) => {
      expect(theme.title.trim()).not.toBe('');
      expect(sentences(theme.description)).toBeGreaterThanOrEqual(1);
      expect(sentences(theme.description)).toBeLessThanOrEqual(2);
      expect(theme.scriptures.length).toBeGreaterThanOrEqual(3);
      expect(theme.scriptures.filter((r) => !isCanonical(r))).toEqual([]);
      expect(theme.goals.every((g) => spiritualGoals.includes(g))).toBe(true);
      expect(theme.connections.every((c) => connectionIds.includes(c))).toBe(true);
    },
  );

  it('returns themes for every goal', () => {
    expect(spiritualGoals.filter((g) => !themes.some((t) => t.goals.includes(g)))).toEqual([]);
  });
});

describe('activities', () => {
  it('returns at least 80 activities with unique ids', () => {
    expect(activities.length).toBeGreaterThanOrEqual(80);
    expect(duplicates(activities.map((a) => a.id))).toEqual([]);
  });

  it('returns a name, a description and a readable duration for each', () => {
    const bad = activities.filter(
      (a) => !a.name.trim() || !/[.!?)]$/.test(a.description) || !/^\d+ (min|hour|hours|day|meal)$/.test(a.duration),
    );
    expect(bad.map((a) => a.id)).toEqual([]);
  });

  it('returns only the onboarding connection preferences and goals as tags, at least one of each', () => {
    const bad = activities.filter(
      (a) =>
        a.connections.length === 0 ||
        a.goals.length === 0 ||
        !a.connections.every((c) => connectionIds.includes(c)) ||
        !a.goals.every((g) => spiritualGoals.includes(g)),
    );
    expect(bad.map((a) => a.id)).toEqual([]);
  });

  it('returns at least 12 activities for every connection preference and every goal', () => {
    for (const id of connectionIds) expect([id, activities.filter((a) => a.connections.includes(id)).length >= 12]).toEqual([id, true]);
    for (const g of spiritualGoals) expect([g, activities.filter((a) => a.goals.includes(g)).length >= 12]).toEqual([g, true]);
  });

  it('returns theme tags that name real themes, and at least two activities for every theme', () => {
    expect(activities.flatMap((a) => a.themes ?? []).filter((id) => !themeIds.has(id))).toEqual([]);
    expect(themes.filter((t) => activities.filter((a) => a.themes?.includes(t.id)).length < 2).map((t) => t.id)).toEqual([]);
  });

  it('returns canonical references wherever a description cites one in brackets', () => {
    const cited = activities.flatMap((a) => [...a.description.matchAll(/\(([^)]*\d[^)]*)\)/g)].map((m) => m[1]));
    expect(cited.length).toBeGreaterThan(5);
    expect(cited.filter((r) => !isCanonical(r))).toEqual([]);
  });
});

describe('journalPrompts', () => {
  it('returns at least 60 prompts with unique ids and texts', () => {
    expect(journalPrompts.length).toBeGreaterThanOrEqual(60);
    expect(duplicates(journalPrompts.map((p) => p.id))).toEqual([]);
    expect(duplicates(journalPrompts.map((p) => p.text))).toEqual([]);
  });

  it('returns tags that name real themes and spec moods', () => {
    const bad = journalPrompts.filter(
      (p) =>
        p.themes.length === 0 ||
        p.moods.length === 0 ||
        !p.themes.every((t) => themeIds.has(t)) ||
        !p.moods.every((m) => moods.includes(m)),
    );
    expect(bad.map((p) => p.id)).toEqual([]);
  });

  it('returns at least two prompts for every theme and eight for every mood', () => {
    expect(themes.filter((t) => journalPrompts.filter((p) => p.themes.includes(t.id)).length < 2).map((t) => t.id)).toEqual([]);
    expect(moods.filter((m) => journalPrompts.filter((p) => p.moods.includes(m)).length < 8)).toEqual([]);
  });
});

describe('reflectionScriptures', () => {
  it('returns canonical, unique references with real theme and mood tags', () => {
    expect(reflectionScriptures.length).toBeGreaterThanOrEqual(12);
    expect(reflectionScriptures.filter((s) => !isCanonical(s.reference)).map((s) => s.reference)).toEqual([]);
    expect(duplicates(reflectionScriptures.map((s) => s.reference))).toEqual([]);
    expect(reflectionScriptures.flatMap((s) => s.themes).filter((id) => !themeIds.has(id))).toEqual([]);
    expect(reflectionScriptures.flatMap((s) => s.moods).filter((m) => !moods.includes(m))).toEqual([]);
  });

  it('returns at least three scriptures for every mood, with lowercase keywords', () => {
    expect(moods.filter((m) => reflectionScriptures.filter((s) => s.moods.includes(m)).length < 3)).toEqual([]);
    expect(reflectionScriptures.flatMap((s) => s.keywords).filter((k) => k !== k.toLowerCase() || !k.trim())).toEqual([]);
  });
});
