/** The shop's files, newest first, after the one a cursor names (decisions §17). */
export class ListExportsQuery {
  constructor(
    readonly tenantId: string,
    readonly cursor: string | undefined,
    readonly limit: number,
  ) {}
}
