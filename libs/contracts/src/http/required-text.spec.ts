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
