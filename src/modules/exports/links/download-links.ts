import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Env } from '@config/env.schema';
import { EXPORT_LINK_TTL_MS, type ExportFile } from '../domain/export-file';
import { ExpiredDownloadLinkError, InvalidDownloadSignatureError } from '../domain/exports.errors';
import { checkDownload, downloadSigningKey, signDownload } from './download-signature';

export interface DownloadLink {
  url: string;
  expiresAt: Date;
}

/**
 * Signed download links (decisions §9, §12): the link alone authorizes the download, so it works
 * from a mail client without a bearer token. An export's link is valid 30 minutes, a report's
 * REPORT_URL_TTL_HOURS, and never past the file's own deletion.
 */
@Injectable()
export class DownloadLinks {
  private readonly key: Buffer;
  private readonly appUrl: string;
  private readonly reportTtlMs: number;

  constructor(config: ConfigService<Env, true>) {
    this.key = downloadSigningKey(config.get('APP_KEY', { infer: true }));
    this.appUrl = config.get('APP_URL', { infer: true }).replace(/\/+$/, '');
    this.reportTtlMs = config.get('REPORT_URL_TTL_HOURS', { infer: true }) * 3_600_000;
  }

  issue(file: Pick<ExportFile, 'id' | 'kind' | 'expiresAt'>, now = new Date()): DownloadLink {
    const ttl = file.kind === 'orders_export' ? EXPORT_LINK_TTL_MS : this.reportTtlMs;
    const expires = Math.floor(Math.min(now.getTime() + ttl, file.expiresAt.getTime()) / 1000);
    const signature = signDownload(this.key, file.id, expires);
    return {
      url: `${this.appUrl}/api/v1/exports/${file.id}/download?expires=${expires}&signature=${signature}`,
      expiresAt: new Date(expires * 1000),
    };
  }

  /** Throws the 403 the link deserves, unless it is a valid link to `fileId`. */
  verify(fileId: string, expires: unknown, signature: unknown): void {
    const check = checkDownload(this.key, fileId, expires, signature, Date.now());
    if (check === 'invalid') throw new InvalidDownloadSignatureError();
    if (check === 'expired') throw new ExpiredDownloadLinkError();
  }
}
