import { z } from 'zod';
import { requiredText } from './required-text';
import { checkBrandContrast, isJoinCode, normaliseJoinCode, reservedSlugs, SLUG_MAX, SLUG_MIN, slugMessages } from '../church/church-rules';
import { meetingSchema } from './community.dto';

/** Churches' public shapes: the portal, my churches, settings, joining, members and requests (docs/churches.md). */

export const churchRoles = ['admin', 'member'] as const;
export type ChurchRole = (typeof churchRoles)[number];
export const CHURCH_NAME_MAX = 80;
export const CHURCH_WELCOME_MAX = 2000;
export const LOGO_MAX_BYTES = 512 * 1024;
export const logoContentTypes = ['image/png', 'image/jpeg', 'image/svg+xml'] as const;

export const churchMessages = {
  nameRequired: 'Please enter the church’s name',
  timeZone: 'Choose a time zone like Europe/London',
  codeInvalid: 'Enter the 8-character join code, like ABCD-EFGH',
  codeUnknown: 'This join code does not work. It may have been replaced: ask your church for the current one.',
  alreadyMember: 'You already belong to this church.',
  alreadyRequested: 'Your request to join is already waiting for an admin.',
  notMember: 'You do not belong to this church.',
  membersOnly: 'Only members of this church can see this.',
  adminsOnly: 'Only the church’s admins can do this.',
  lastAdminLeaves: 'You are the church’s only admin: make another member an admin before you leave.',
  lastAdminDemoted: 'A church needs at least one admin: make another member an admin first.',
  removeSelf: 'You cannot remove yourself. Leave the church instead.',
  church: 'This church',
  member: 'This member',
  request: 'This join request',
  logoType: 'Use a PNG, JPEG or SVG image for the logo',
  logoTooLarge: `The logo can be at most ${LOGO_MAX_BYTES / 1024} KB`,
  logoSvgUnsafe: 'This SVG cannot be used as a logo: it contains scripts, links to other files or other active content.',
} as const;

/** The address as documented (length and characters), and not a reserved word (the same rules as slugProblem). */
const slug = z
  .string()
  .min(SLUG_MIN, slugMessages.length)
  .max(SLUG_MAX, slugMessages.length)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, slugMessages.pattern)
  .refine((value) => !reservedSlugs.has(value), slugMessages.reserved);
/** `#rrggbb`, stored in lowercase; it must reach WCAG AA contrast with the text colours it is used with. */
const primaryColor = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, 'Use a colour like #0f766e')
  .superRefine((value, ctx) => {
    const check = checkBrandContrast(value.toLowerCase());
    if (!check.ok) ctx.addIssue({ code: 'custom', message: check.message ?? 'Choose a darker colour' });
  })
  .transform((value) => value.toLowerCase());
const timeZone = z.string().refine((zone) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone.length > 0;
  } catch {
    return false;
  }
}, churchMessages.timeZone);

export const createChurchRequestSchema = z.object({
  name: requiredText(churchMessages.nameRequired).max(CHURCH_NAME_MAX),
  slug,
  primaryColor,
  welcome: z.string().trim().max(CHURCH_WELCOME_MAX).optional().default(''),
  timeZone,
});
/** Church settings (admins): only the fields sent change. */
export const updateChurchRequestSchema = z
  .object({
    name: requiredText(churchMessages.nameRequired).max(CHURCH_NAME_MAX),
    slug,
    primaryColor,
    welcome: z.string().trim().max(CHURCH_WELCOME_MAX),
    timeZone,
  })
  .partial();

/** `POST /api/churches/join`: the code as typed (case, spaces and the hyphen do not matter). */
export const joinChurchRequestSchema = z.object({
  code: z
    .string({ message: churchMessages.codeInvalid })
    .transform(normaliseJoinCode)
    .refine(isJoinCode, churchMessages.codeInvalid),
});
export const changeChurchRoleRequestSchema = z.object({ role: z.enum(churchRoles) });

/** A church as its members see it in the frame and on My Churches: branding and the caller's role. */
export const churchSummarySchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  primaryColor: z.string(),
  /** A stable public URL of the logo (`/api/logos/{churchId}/{logoId}`), or null when the church has none. */
  logoUrl: z.string().nullable(),
  memberCount: z.number().int(),
  myRole: z.enum(churchRoles),
});
export type ChurchSummary = z.infer<typeof churchSummarySchema>;

/** A public group on a church's page. */
export const churchGroupCardSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  memberCount: z.number().int(),
  meeting: meetingSchema.nullable(),
});
export type ChurchGroupCard = z.infer<typeof churchGroupCardSchema>;

/** `GET /api/churches/by-slug/{slug}`: the church's public page (anyone, signed in or not). */
export const churchPortalSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  welcome: z.string(),
  primaryColor: z.string(),
  logoUrl: z.string().nullable(),
  timeZone: z.string(),
  memberCount: z.number().int(),
  groups: z.array(churchGroupCardSchema),
});
export type ChurchPortal = z.infer<typeof churchPortalSchema>;

/** `GET /api/churches/{id}`: what a member sees; the join code only for admins (null for others). */
export const churchDetailSchema = churchSummarySchema.extend({
  welcome: z.string(),
  timeZone: z.string(),
  /** `ABCD-EFGH`; admins only. The invitation link is the church's page with it: `/c/{slug}?code={joinCode}`. */
  joinCode: z.string().nullable(),
  pendingRequests: z.number().int(),
});
export type ChurchDetail = z.infer<typeof churchDetailSchema>;

/** `POST /api/churches/{id}/requests`: the caller's request is waiting for an admin. */
export const churchJoinRequestResultSchema = z.object({ status: z.literal('requested') });

export const churchMemberSchema = z.object({
  userId: z.string(),
  name: z.string().nullable(),
  role: z.enum(churchRoles),
  joinedAt: z.string(),
});
export type ChurchMember = z.infer<typeof churchMemberSchema>;

/**
 * `GET /churches/{id}/groups` (admins): every open group that belongs to the church, private ones included, by name
 * (what a member import's rows are matched against, docs/member-imports.md).
 */
export const churchGroupSchema = z.object({ id: z.string(), name: z.string(), isPublic: z.boolean() });
export const churchGroupListSchema = z.object({ items: z.array(churchGroupSchema) });
export type ChurchGroupList = z.infer<typeof churchGroupListSchema>;

export const churchJoinRequestSchema = z.object({
  id: z.string(),
  userId: z.string(),
  name: z.string().nullable(),
  requestedAt: z.string(),
});
export type ChurchJoinRequest = z.infer<typeof churchJoinRequestSchema>;

/** `GET /api/churches`: the caller's churches (oldest membership first) and their requests still waiting. */
export const myChurchesSchema = z.object({
  items: z.array(churchSummarySchema),
  requests: z.array(z.object({ churchId: z.string(), requestedAt: z.string() })),
});
export type MyChurches = z.infer<typeof myChurchesSchema>;

/** `PUT /api/logos/{churchId}`: where the new logo is served. */
export const logoResultSchema = z.object({ logoUrl: z.string() });

/** `PUT /api/groups/{id}/church`: the group joins one of the caller's churches (they own the group and administer the church). */
export const attachGroupToChurchRequestSchema = z.object({ churchId: z.string().min(1, 'Choose one of your churches') });
