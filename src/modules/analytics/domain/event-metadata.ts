/** Metadata is stored as sent, within reason: a storefront beacon is no place for megabytes. */
export const MAX_METADATA_BYTES = 8 * 1024;

/** Whether metadata serialised as `json` is over the limit (in UTF-8 bytes; counted only when it may be). */
export function metadataTooLarge(json: string): boolean {
  // A UTF-16 unit is at most 3 UTF-8 bytes: short texts need no count.
  return json.length * 3 > MAX_METADATA_BYTES && Buffer.byteLength(json) > MAX_METADATA_BYTES;
}
