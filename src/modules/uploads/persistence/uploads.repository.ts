import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

export interface UploadRecord {
  tenantId: string;
  /** The largest file's key; the others are in `variants`. */
  key: string;
  width: number;
  height: number;
  /** The bytes of every stored file. */
  bytes: number;
  variants: Array<{ key: string; width: number; height: number }>;
}

/** `uploads`: one row per image a shop uploaded. The only code that writes the table. */
@Injectable()
export class UploadsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async record(upload: UploadRecord): Promise<string> {
    const rows: Array<{ id: string }> = await this.dataSource.query(
      `INSERT INTO uploads (tenant_id, key, variants, width, height, bytes) VALUES ($1, $2, $3::jsonb, $4, $5, $6) RETURNING id`,
      [upload.tenantId, upload.key, JSON.stringify(upload.variants), upload.width, upload.height, upload.bytes],
    );
    return rows[0].id;
  }
}
