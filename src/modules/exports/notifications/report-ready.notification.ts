import { escapeHtml } from '@common/util/html';
import type { NotificationRecipient } from '@modules/accounts';
import type { NotificationMessage } from '@modules/notifications';
import type { ReportRange } from '../domain/export-file';
import type { DownloadLink } from '../links/download-links';

const EXPIRY = new Intl.DateTimeFormat('en-GB', { dateStyle: 'full', timeStyle: 'short', timeZone: 'UTC' });

/** "Tuesday, 25 November 2025 at 14:30 UTC": a link's expiry, written out for a mail. */
export function writtenExpiry(date: Date): string {
  return `${EXPIRY.format(date)} UTC`;
}

/** ReportReadyNotification (spec 6): mail and database, with a signed link and its expiry. */
export function reportReadyNotification(reportId: string, range: ReportRange, shopName: string, link: DownloadLink): NotificationMessage {
  const until = writtenExpiry(link.expiresAt);
  return {
    type: 'report_ready',
    data: { report_id: reportId, url: link.url, expires_at: link.expiresAt.toISOString(), from: range.from, to: range.to },
    mail: (recipient: NotificationRecipient) => ({
      to: recipient.email,
      subject: `${shopName}: your sales report is ready`,
      text: [
        `Hello ${recipient.name},`,
        '',
        `The sales report of ${shopName} for ${range.from} to ${range.to} is ready.`,
        '',
        `Download it (CSV): ${link.url}`,
        '',
        `This link works until ${until}. After that, ask for the report again.`,
      ].join('\n'),
      html: [
        `<p>Hello ${escapeHtml(recipient.name)},</p>`,
        `<p>The sales report of <strong>${escapeHtml(shopName)}</strong> for ${range.from} to ${range.to} is ready.</p>`,
        `<p><a href="${escapeHtml(link.url)}">Download the report (CSV)</a></p>`,
        `<p>This link works until ${escapeHtml(until)}. After that, ask for the report again.</p>`,
      ].join('\n'),
    }),
  };
}
