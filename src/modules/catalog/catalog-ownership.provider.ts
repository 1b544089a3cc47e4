import { Injectable, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { TenantOwnershipRegistry } from '@common/context/tenant-ownership.registry';

/** Tells the tenant access guard which shop owns a product or a location that a merchant route names. */
@Injectable()
export class CatalogOwnershipProvider implements OnModuleInit {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly owners: TenantOwnershipRegistry,
  ) {}

  onModuleInit(): void {
    this.owners.register('product', (id) => this.ownerOf('SELECT tenant_id FROM products WHERE id = $1', id));
    this.owners.register('location', (id) => this.ownerOf('SELECT tenant_id FROM locations WHERE id = $1', id));
  }

  private async ownerOf(sql: string, id: string | number): Promise<string | null> {
    const rows: Array<{ tenant_id: string }> = await this.dataSource.query(sql, [id]);
    return rows[0]?.tenant_id ?? null;
  }
}
