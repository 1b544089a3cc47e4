export class GetExportFileQuery {
  constructor(
    readonly tenantId: string,
    readonly fileId: string,
  ) {}
}
