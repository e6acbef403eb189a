import type { FormRule } from 'antd';
import type { z } from 'zod';

/**
 * An antd form rule that checks a field with the schema the server uses, so the browser and the
 * API show the same message for the same mistake. Runs on blur (and on submit); empty values are left
 * to a `required` rule.
 */
export function zodRule(schema: z.ZodType): FormRule {
  return {
    validateTrigger: 'onBlur',
    validator: async (_rule, value: unknown) => {
      if (value === undefined || value === null || value === '') return;
      const result = schema.safeParse(value);
      if (!result.success) throw new Error(result.error.issues[0]?.message ?? 'Please check this field');
    },
  };
}
