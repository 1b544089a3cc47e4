import type { NotificationRecipient } from '@modules/accounts';
import { type MailShop, type NotificationMessage, renderReportReadyMail } from '@modules/notifications';
import type { ReportRange } from '../domain/export-file';
import type { DownloadLink } from '../links/download-links';

/**
 * ReportReadyNotification (spec 6): mail and database, with a signed link and its expiry. The mail
 * is written in the shop's language, the expiry in its time zone (decisions §19). Also broadcast as
 * `export.ready` `{ export_id }` (the report's id, no link, as for an export): the dashboard's
 * exports table lists reports with exports, and a row turns Ready on that event.
 */
export function reportReadyNotification(reportId: string, range: ReportRange, shop: MailShop, link: DownloadLink): NotificationMessage {
  return {
    type: 'report_ready',
    data: { report_id: reportId, url: link.url, expires_at: link.expiresAt.toISOString(), from: range.from, to: range.to },
    broadcast: { event: 'export.ready', payload: { export_id: reportId } },
    mail: async (recipient: NotificationRecipient) => ({
      to: recipient.email,
      ...(await renderReportReadyMail(shop, recipient.name, { from: range.from, to: range.to }, link)),
    }),
  };
}
