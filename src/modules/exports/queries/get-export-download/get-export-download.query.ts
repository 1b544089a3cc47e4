/** A signed download: the file `fileId` names, if the link's `expires` and `signature` are right. */
export class GetExportDownloadQuery {
  constructor(
    readonly fileId: string,
    readonly expires: unknown,
    readonly signature: unknown,
  ) {}
}
