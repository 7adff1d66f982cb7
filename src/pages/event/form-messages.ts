/**
 * Validation messages in the form's words. The schema's own messages (e.g. "ScheduledEnd must not
 * be before ScheduledStart") take precedence over this map in zod, and are made readable by
 * `humanizeMessage` afterwards; this map covers zod's generic issues.
 */
import type { z } from 'zod';

export const formIssueMessage: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return 'Required';
      if (issue.expected === 'number' || issue.expected === 'int') return 'Enter a whole number';
      return undefined;
    case 'too_small':
      if (issue.origin === 'string') return issue.minimum === 1 ? 'Required' : `At least ${String(issue.minimum)} characters`;
      if (issue.origin === 'number') return `At least ${String(issue.minimum)}`;
      return undefined;
    case 'too_big':
      if (issue.origin === 'string') return `At most ${String(issue.maximum)} characters`;
      if (issue.origin === 'number') return `At most ${String(issue.maximum)}`;
      return undefined;
    case 'invalid_format':
      if (issue.format === 'datetime') return 'Enter a date and time';
      if (issue.format === 'guid' || issue.format === 'uuid') return 'Choose one from the list';
      return undefined;
    default:
      return undefined;
  }
};
