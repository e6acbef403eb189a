import { z } from 'zod';
import { requiredText } from './required-text';

describe('requiredText', () => {
  const field = requiredText('Please enter your name').max(5);

  it('refuses nothing but spaces with its message, and keeps the words trimmed', () => {
    for (const blank of ['', ' ', '\t', ' \n ']) {
      const result = field.safeParse(blank);
      expect([blank, result.success, result.error?.issues[0].message]).toEqual([blank, false, 'Please enter your name']);
    }
    expect(field.parse('  Ruth ')).toBe('Ruth');
    expect(field.safeParse('Naomi!').success).toBe(false);
  });

  it('shows the rule in the API document as a pattern, so a lone space is not documented as valid', () => {
    expect(z.toJSONSchema(field, { target: 'openapi-3.0', io: 'input' })).toMatchObject({ type: 'string', pattern: '\\S', maxLength: 5 });
    expect(z.toJSONSchema(field, { target: 'openapi-3.0', io: 'input' })).not.toHaveProperty('minLength');
  });
});

describe('the words for a field that breaks a length rule', () => {
  it('says a group name is too long, not that it is missing', async () => {
    const { createGroupRequestSchema } = await import('../index');
    const tooLong = createGroupRequestSchema.safeParse({ name: 'G'.repeat(81) });
    expect(tooLong.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['name', 'Use at most 80 characters.']]);
    expect(createGroupRequestSchema.safeParse({ name: '  ' }).error?.issues[0].message).toBe('Please enter a group name');
    expect(createGroupRequestSchema.safeParse({}).error?.issues[0].message).toBe('Please enter a group name');
  });

  it('keeps a schema’s own message', async () => {
    await import('../index');
    expect(z.string().max(3, 'Three letters at most').safeParse('Ruth').error?.issues[0].message).toBe('Three letters at most');
    expect(z.string().max(1000).safeParse('x'.repeat(1001)).error?.issues[0].message).toBe('Use at most 1,000 characters.');
    expect(z.array(z.string()).min(1).safeParse([]).error?.issues[0].message).toBe('Choose at least one.');
  });
});
