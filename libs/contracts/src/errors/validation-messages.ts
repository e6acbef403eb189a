import { z } from 'zod';

/**
 * The words a person reads when a field is too long, too short or too many, wherever a schema gives none of its own
 * (zod's defaults read "Too big: expected string to have <=80 characters"). Installed once for the process by the
 * contracts' index, which the services and the web app both load; a schema's own message always wins.
 */
export const humanIssueMessage = (issue: z.core.$ZodRawIssue): string | undefined => {
  if (issue.code === 'too_big' && typeof issue.maximum === 'number') {
    if (issue.origin === 'string') return `Use at most ${issue.maximum.toLocaleString('en-US')} characters.`;
    if (issue.origin === 'array' || issue.origin === 'set') return `Choose at most ${issue.maximum.toLocaleString('en-US')}.`;
    if (issue.origin === 'number' || issue.origin === 'int') return `Use a number no greater than ${issue.maximum}.`;
  }
  if (issue.code === 'too_small' && typeof issue.minimum === 'number') {
    if (issue.origin === 'string') return issue.minimum <= 1 ? 'Please fill this in.' : `Use at least ${issue.minimum} characters.`;
    if (issue.origin === 'array' || issue.origin === 'set') return issue.minimum <= 1 ? 'Choose at least one.' : `Choose at least ${issue.minimum}.`;
    if (issue.origin === 'number' || issue.origin === 'int') return `Use a number no smaller than ${issue.minimum}.`;
  }
  return undefined;
};

z.config({ customError: humanIssueMessage });
