import type { MailContent } from '../../delivery/delivery.port';
import type { Nudge } from '../domain/due-nudges';

const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** A reminder e-mail: the nudge, a link into the app, and always the unsubscribe link. Pure, tested without SMTP. */
export const nudgeMail = (
  nudge: Pick<Nudge, 'title' | 'body' | 'link'>,
  links: { app: string; unsubscribe: string },
  name?: string | null,
): MailContent => {
  const greeting = `Hello ${name?.trim() || 'friend'},`;
  const open = `${links.app.replace(/\/$/, '')}${nudge.link}`;
  return {
    subject: nudge.title,
    text: [
      greeting,
      nudge.body,
      `Open Abide: ${open}`,
      `You receive this because you chose e-mail reminders. Turn e-mail reminders off: ${links.unsubscribe}`,
    ].join('\n\n'),
    html:
      `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1f2933">` +
      `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(nudge.body)}</p>` +
      `<p><a href="${escapeHtml(open)}" style="background:#3b5bdb;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">Open Abide</a></p>` +
      `<p style="color:#616e7c;font-size:13px">You receive this because you chose e-mail reminders. ` +
      `<a href="${escapeHtml(links.unsubscribe)}">Turn e-mail reminders off</a>.</p></body></html>`,
  };
};
