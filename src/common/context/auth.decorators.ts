import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiBearerAuth, ApiExtension, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { OPTIONAL_AUTH } from '@common/http/openapi-document';

export const AUTH_MODE_KEY = 'storefront:auth-mode';

/** `required`: no valid bearer token, 401. `optional`: the user when the token is valid, else anonymous. */
export type AuthMode = 'required' | 'optional';

/**
 * The route (or every route of a controller) needs a signed-in user: without a valid bearer token
 * it answers 401 `{ message: "Unauthenticated." }`. Routes without it are public.
 */
export const Authenticated = () =>
  applyDecorators(
    SetMetadata(AUTH_MODE_KEY, 'required' satisfies AuthMode),
    ApiBearerAuth(),
    ApiUnauthorizedResponse({ description: 'Missing, malformed, unknown, expired or revoked bearer token' }),
  );

/**
 * The route works for everyone but knows the user when a valid bearer token is sent (cart summary).
 * An invalid token is ignored, not refused.
 */
export const OptionalAuth = () =>
  applyDecorators(SetMetadata(AUTH_MODE_KEY, 'optional' satisfies AuthMode), ApiBearerAuth(), ApiExtension(OPTIONAL_AUTH, true));
