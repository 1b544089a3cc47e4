import type { NotificationMessage } from '@modules/notifications';
import type { DownloadLink } from '../links/download-links';

/**
 * ExportReadyNotification (spec 6; decisions §9, §15): database and broadcast. The stored
 * notification is the requester's own and carries the signed link (valid 30 minutes); the
 * broadcast `export.ready` goes to the whole shop room, so it names the file only
 * (`{ export_id }`) and a client fetches a fresh link with `GET /api/v1/exports/{id}` under its
 * own bearer token: a token revoked since it joined the room gets nothing from the event.
 */
export function exportReadyNotification(exportId: string, link: DownloadLink): NotificationMessage {
  return {
    type: 'export_ready',
    data: { export_id: exportId, url: link.url, expires_at: link.expiresAt.toISOString() },
    broadcast: { event: 'export.ready', payload: { export_id: exportId } },
  };
}
