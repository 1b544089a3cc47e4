import { ApiProperty } from '@nestjs/swagger';

const EXAMPLE_URL = `http://localhost:3000/uploads/5b0c2f4e-1a2b-4c3d-8e9f-0a1b2c3d4e5f/${'9f2e'.repeat(16)}.webp`;

export class UploadVariantResource {
  @ApiProperty({ type: 'integer', minimum: 1, example: 640 })
  width: number;

  @ApiProperty({ type: 'integer', minimum: 1, example: 480 })
  height: number;

  @ApiProperty({ type: 'string', format: 'uri', example: EXAMPLE_URL })
  url: string;
}

export class UploadResource {
  @ApiProperty({ type: 'string', format: 'uuid' })
  id: string;

  @ApiProperty({
    type: 'string',
    format: 'uri',
    example: EXAMPLE_URL,
    description: 'The largest WebP file; never changes meaning (its name is a hash of its bytes). Accepted by `image_url` and `logo_url`.',
  })
  url: string;

  @ApiProperty({ type: 'integer', minimum: 1, example: 1280, description: "The largest file's width, in pixels" })
  width: number;

  @ApiProperty({ type: 'integer', minimum: 1, example: 960 })
  height: number;

  @ApiProperty({
    type: [UploadVariantResource],
    description: 'Every width stored (320, 640, 1280, never wider than the original), narrowest first',
  })
  variants: UploadVariantResource[];
}

export class UploadResponse {
  @ApiProperty({ type: UploadResource })
  data: UploadResource;
}

/** The multipart body, for the API document only (the interceptor reads it). */
export class UploadBody {
  @ApiProperty({ type: 'string', format: 'binary', description: 'A JPEG, PNG or WebP image of at most 5 MB and 40 megapixels' })
  file: unknown;
}
