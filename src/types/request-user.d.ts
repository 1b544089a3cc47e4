import 'express';
import type { Principal, RequestContext } from '@common/context/request-context';

declare global {
  namespace Express {
    /** What passport's bearer strategy leaves on `req.user`; handlers read `@Ctx()` instead. */
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- passport's User is this project's Principal
    interface User extends Principal {}

    interface Request {
      /** The caller, resolved once by RequestContextGuard (src/common/context). */
      context?: RequestContext;
      /** Exact request bytes, kept for signature checks (payment webhook). */
      rawBody?: Buffer;
    }
  }
}

export {};
