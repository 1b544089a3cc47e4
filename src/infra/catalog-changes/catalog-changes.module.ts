import { DynamicModule, Global, Module } from '@nestjs/common';
import { CATALOG_CHANGES_LISTEN, CatalogChanges } from './catalog-changes';

/** "A shop's public data changed", for every process (catalog-changes.ts). */
@Global()
@Module({})
export class CatalogChangesModule {
  /** `listen`: this process serves HTTP, so its copies must hear of other processes' changes. */
  static register(listen: boolean): DynamicModule {
    return {
      module: CatalogChangesModule,
      providers: [CatalogChanges, { provide: CATALOG_CHANGES_LISTEN, useValue: listen }],
      exports: [CatalogChanges],
    };
  }
}
