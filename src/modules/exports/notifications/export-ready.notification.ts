import type { NotificationMessage } from '@modules/notifications';
import type { DownloadLink } from '../links/download-links';

/** ExportReadyNotification (spec 6): database and broadcast, with a signed link valid 30 minutes. */
export function exportReadyNotification(exportId: string, link: DownloadLink): NotificationMessage {
  return {
    type: 'export_ready',
    data: { export_id: exportId, url: link.url, expires_at: link.expiresAt.toISOString() },
    broadcast: { event: 'export.ready', payload: { export_id: exportId, url: link.url } },
  };
}
