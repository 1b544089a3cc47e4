import type { ExportKind, ExportParams } from '@modules/exports/domain/export-file';

/** Queue a file of `kind` for the shop `tenantId`, asked for by `userId` (who will be notified). Answers the file's id. */
export class RequestExportCommand {
  constructor(
    readonly tenantId: string,
    readonly userId: string,
    readonly kind: ExportKind,
    readonly params: ExportParams,
  ) {}
}
