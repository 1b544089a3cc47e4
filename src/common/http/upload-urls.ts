import { ValidateBy, isURL, type ValidationOptions } from 'class-validator';

/**
 * The URL prefixes under which this service's own image uploads are served (docs/uploads.md):
 * `<APP_URL>/uploads/` with the local disk, the object store's public URL with S3. The uploads
 * module registers them at start-up; `image_url` and `logo_url` accept them besides https:// URLs,
 * so that a development server on http://localhost can use its own uploads.
 */
const ownPrefixes = new Set<string>();

export function acceptOwnUploadUrls(prefix: string): void {
  ownPrefixes.add(prefix);
}

/** A URL of an upload this service stored: one of the registered prefixes, then a plain file name. */
export function isOwnUploadUrl(value: string): boolean {
  for (const prefix of ownPrefixes) {
    if (value.startsWith(prefix) && /^[0-9a-f-]{36}\/[0-9a-f]{64}\.webp$/.test(value.slice(prefix.length))) return true;
  }
  return false;
}

const HTTPS_ONLY = { protocols: ['https'], require_protocol: true, require_valid_protocol: true };

/** An https:// URL, or one of this service's own upload URLs (which may be http:// in development). */
export function IsImageUrl(options: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isImageUrl',
      validator: { validate: (value: unknown) => typeof value === 'string' && (isOwnUploadUrl(value) || isURL(value, HTTPS_ONLY)) },
    },
    options,
  );
}
