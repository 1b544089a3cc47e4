/** Metadata is stored as sent, within reason: a storefront beacon is no place for megabytes. */
export const MAX_METADATA_BYTES = 8 * 1024;

export function metadataTooLarge(metadata: Record<string, unknown>): boolean {
  return Buffer.byteLength(JSON.stringify(metadata)) > MAX_METADATA_BYTES;
}
