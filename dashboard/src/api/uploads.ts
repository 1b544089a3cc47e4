import type { components } from '@client';
import { api, unwrap } from './client';

export type Upload = components['schemas']['UploadResource'];

/**
 * Uploads an image (POST /api/v1/merchant/uploads) as multipart/form-data: through the same client
 * (base URL, bearer token, language, session and connection handling), which sends a FormData body
 * as it is, with the browser's boundary.
 */
export async function uploadImage(file: File): Promise<Upload> {
  const form = new FormData();
  form.append('file', file);
  // The generated type describes the form's field; the body sent is the FormData itself.
  const body = form as unknown as components['schemas']['UploadBody'];
  return (await unwrap(api.POST('/api/v1/merchant/uploads', { body }))).data;
}
