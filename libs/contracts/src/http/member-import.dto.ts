import { z } from 'zod';
import { requiredText } from './required-text';
import { sessionResponseSchema } from './auth.dto';

/**
 * Bulk onboarding (docs/member-imports.md): a church admin uploads a CSV or XLSX list of people, identity
 * checks it row by row, invites new people (a link to set a password) and account holders (a join notice), and keeps a
 * report. Served by identity under `/api/member-imports` and `/api/invitations`.
 */

/** At most this many people per file: split a longer list. */
export const IMPORT_MAX_ROWS = 5000;
/** A file of 5,000 rows with every column is well under this (about 0.5 MB as CSV). */
export const IMPORT_MAX_BYTES = 2 * 1024 * 1024;
/** How long an invitation link works; a resend starts a new period (and ends the old link). */
export const INVITATION_TTL_DAYS = 14;

/**
 * The columns a member list may have, by the header names that mean them (matched ignoring case and surrounding
 * spaces). `name` and `email` are required; `phone` and `group` may be left out or empty.
 */
export const importColumns = [
  { key: 'name', headers: ['name'], required: true },
  { key: 'email', headers: ['email', 'e-mail'], required: true },
  { key: 'phone', headers: ['phone'], required: false },
  { key: 'group', headers: ['group'], required: false },
] as const;
export type ImportColumn = (typeof importColumns)[number]['key'];

/** The template the settings page offers: the header and one example row. */
export const importTemplateCsv = 'name,email,phone,group\nRuth Example,ruth@example.org,+44 20 7946 0958,\n';

/**
 * What became of a row, as the church's admins see it: `invited` the person was sent an invitation (whether or not the
 * address has an Abide account: the report never tells, so an import cannot be used to learn who has one);
 * `already-member` they belong to the church already; `already-invited` an earlier import invited them and that
 * invitation stands (nothing sent again); `refused` the row could not be used.
 */
export const importOutcomes = ['invited', 'already-member', 'already-invited', 'refused'] as const;
export type ImportOutcome = (typeof importOutcomes)[number];

export const importOutcomeLabels: Record<ImportOutcome, string> = {
  invited: 'Invited',
  'already-member': 'Already a member',
  'already-invited': 'Already invited',
  refused: 'Refused',
};

export const memberImportMessages = {
  fileMissing: 'Choose a CSV or Excel (.xlsx) file of the people to invite.',
  fileType: 'Upload a CSV file or an Excel workbook (.xlsx). Other formats, such as .xls or .numbers, can be saved as one of these.',
  fileTooLarge: `The file can be at most ${IMPORT_MAX_BYTES / 1024 / 1024} MB.`,
  tooManyRows: `A file can hold at most ${IMPORT_MAX_ROWS.toLocaleString('en')} people: split the list into several files.`,
  noRows: 'The file has a header but no people under it.',
  unreadable: 'This file could not be read. Save it again as CSV (UTF-8) or .xlsx and upload that.',
  unpacksTooLarge:
    'This workbook unpacks to far more data than a member list needs, so it was not read. Save the list again as CSV (UTF-8) or .xlsx, without pictures or embedded files, and upload that.',
  interrupted: 'The upload was interrupted. Please try again.',
  missingColumns: (missing: readonly string[], found: readonly string[]) =>
    `The file needs a column named ${missing.join(' and ')} in its first row. ` +
    (found.length ? `Its first row has: ${found.join(', ')}.` : 'Its first row is empty.'),
  churchIdMissing: 'Say which church the people are invited to (churchId).',
  adminsOnly: 'Only the church’s admins can import members.',
  notFound: 'This import was not found.',
  undoUsed: (accepted: number) =>
    `${accepted === 1 ? 'One person has' : `${accepted} people have`} already accepted an invitation of this import, so it can no longer be undone. Remove people from the members list instead.`,
  undoNotFinished: 'This import is still running: undo it once it has finished.',
  alreadyUndone: 'This import was undone already.',
  rowsNotInvited: 'None of these rows has an invitation that can be sent again.',
} as const;

/** The reasons a row is refused, each said as a person can act on it. */
export const importRowMessages = {
  nameMissing: 'The name is missing.',
  nameTooLong: 'The name is longer than 120 characters.',
  emailMissing: 'The e-mail address is missing.',
  emailInvalid: (value: string) => `“${value}” is not an e-mail address.`,
  duplicate: (firstRow: number) => `The same e-mail address is already on row ${firstRow}.`,
  groupUnknown: (group: string) => `This church has no group named “${group}”.`,
  /** Group names are matched ignoring case and spaces around them, so two of the church's groups may answer to one. */
  groupAmbiguous: (group: string, count: number) =>
    `This church has ${count} groups named “${group}”: give them different names in Abide, or leave this row’s group empty.`,
  /** `why` is the number check's own sentence (identity's phone-number.ts), which names the country it was read in. */
  phoneInvalid: (value: string, why: string) => `Phone “${value}”: ${why}`,
} as const;

const counts = z.object({
  /** People sent an invitation (new people and account holders alike). */
  invited: z.number().int(),
  alreadyMember: z.number().int(),
  alreadyInvited: z.number().int(),
  refused: z.number().int(),
});

export const memberImportStatuses = ['queued', 'running', 'done', 'failed', 'undone'] as const;

/** `GET /api/member-imports/{id}` (and each item of the church's list): where the import is, and what it did. */
export const memberImportSchema = z.object({
  id: z.string(),
  churchId: z.string(),
  fileName: z.string(),
  status: z.enum(memberImportStatuses),
  /** Rows in the file, and how many are processed so far (the progress bar). */
  total: z.number().int(),
  processed: z.number().int(),
  counts,
  /** Invitations of this import accepted so far; undo is possible only while this is 0. */
  accepted: z.number().int(),
  canUndo: z.boolean(),
  startedBy: z.object({ id: z.string(), name: z.string().nullable() }),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  undoneAt: z.string().nullable(),
  /** Why a failed import stopped. */
  failure: z.string().nullable(),
});
export type MemberImport = z.infer<typeof memberImportSchema>;

export const memberImportListSchema = z.object({ items: z.array(memberImportSchema) });
export type MemberImportList = z.infer<typeof memberImportListSchema>;

/** `GET /api/member-imports?churchId=`, `POST /api/member-imports?churchId=`: the church the imports are for. */
export const memberImportChurchQuerySchema = z.object({
  churchId: requiredText(memberImportMessages.churchIdMissing).max(100),
});

export const invitationStates = ['pending', 'accepted', 'expired', 'withdrawn'] as const;
export type InvitationState = (typeof invitationStates)[number];

/** One row of the report: what the file said (normalised), the outcome, and the invitation it made, if any. */
export const importRowSchema = z.object({
  /** The row's number in the file, counting the header as row 1 (as a spreadsheet shows it). */
  row: z.number().int(),
  name: z.string(),
  email: z.string(),
  /** E.164 once valid; as written when not. */
  phone: z.string().nullable(),
  group: z.string().nullable(),
  outcome: z.enum(importOutcomes),
  /** Why a row was refused; a note on other outcomes (e.g. when the phone number could not be used). */
  reason: z.string().nullable(),
  invitation: z
    .object({
      id: z.string(),
      state: z.enum(invitationStates),
      expiresAt: z.string(),
      /** How many times it was sent (1, then one more per resend). */
      sends: z.number().int(),
    })
    .nullable(),
});
export type ImportRow = z.infer<typeof importRowSchema>;

/** `GET /api/member-imports/{id}/rows?outcome=&page=&pageSize=`: the report, a page at a time, optionally one outcome. */
export const importRowsQuerySchema = z.object({
  outcome: z.enum(importOutcomes).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});
export const importRowsPageSchema = z.object({
  items: z.array(importRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ImportRowsPage = z.infer<typeof importRowsPageSchema>;

/** `POST /api/member-imports/{id}/resend`: these rows' invitations (all unused ones when `rows` is left out). */
export const resendInvitationsRequestSchema = z.object({
  rows: z.array(z.number().int().min(2)).min(1).max(5000).optional(),
});
export const resendInvitationsResultSchema = z.object({ resent: z.number().int() });
export type ResendInvitationsResult = z.infer<typeof resendInvitationsResultSchema>;

/** The church an invitation is to, as the invited person sees it before accepting. */
const invitationChurchSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  primaryColor: z.string(),
  logoUrl: z.string().nullable(),
});

/** `POST /api/invitations/open` (the link's token) and `GET /api/invitations/{id}` (an account holder's). */
export const invitationViewSchema = z.object({
  id: z.string(),
  church: invitationChurchSchema,
  /** The group the person joins with the church, when the row named one. */
  groupName: z.string().nullable(),
  /** As the church wrote them: the form starts with the name, and shows where the invitation went. */
  name: z.string(),
  email: z.string(),
  /** The address has an account: sign in to accept (no password to set). */
  hasAccount: z.boolean(),
  expiresAt: z.string(),
});
export type InvitationView = z.infer<typeof invitationViewSchema>;

/** The secret of an invitation link (`/invitation#token`): the invitation's id, a dot, and the secret. */
export const invitationTokenSchema = z
  .string({ message: 'This invitation link is not complete. Open it from the e-mail again.' })
  .trim()
  .regex(/^[A-Za-z0-9-]{1,64}\.[A-Za-z0-9_-]{20,100}$/, 'This invitation link is not complete. Open it from the e-mail again.');

export const openInvitationRequestSchema = z.object({ token: invitationTokenSchema });

/** `POST /api/invitations/accept`: a new person sets their name and password; they are signed in and joined. */
export const acceptInvitationRequestSchema = z.object({
  token: invitationTokenSchema,
  name: requiredText('Please enter your name').max(120, 'Name must be at most 120 characters'),
  password: z.string().min(8, 'Password must be at least 8 characters').max(128, 'Password must be at most 128 characters'),
});

/** What accepting answers: the church (the web app waits until it is among the member's churches). */
export const acceptedInvitationSchema = z.object({ church: invitationChurchSchema });
export type AcceptedInvitation = z.infer<typeof acceptedInvitationSchema>;

export const invitationSessionSchema = sessionResponseSchema.extend({ church: invitationChurchSchema });
export type InvitationSession = z.infer<typeof invitationSessionSchema>;

export const invitationMessages = {
  unknown: 'This invitation link is not valid any more. Use the newest invitation e-mail, or ask your church to send it again.',
  expired: 'This invitation has expired. Ask your church to send it again.',
  used: 'This invitation has already been accepted. Sign in to continue.',
  withdrawn: 'This invitation was withdrawn by the church.',
  hasAccount: 'This address already has an Abide account: sign in, then accept the invitation.',
  notYours: 'This invitation was sent to another address. Sign in with the account it was sent to.',
} as const;
