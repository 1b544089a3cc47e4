import 'express';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    /** Set by the bearer authentication guard; see src/common/auth. */
    interface User {
      id: string;
      tenantId: string | null;
    }

    interface Request {
      user?: User;
      /** Exact request bytes, kept for signature checks (payment webhook). */
      rawBody?: Buffer;
    }
  }
}

export {};
