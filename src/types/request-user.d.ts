import 'express';

declare global {
  namespace Express {
    /** Set by the bearer authentication guard; see src/common/auth. */
    interface User {
      id: string;
      tenantId: string | null;
      /** owner | admin | staff | customer (role within the tenant). */
      role: 'owner' | 'admin' | 'staff' | 'customer';
      isSuperAdmin: boolean;
      /** The personal access token this request was authenticated with (for revocation). */
      tokenId: string;
    }

    interface Request {
      user?: User;
      /** Exact request bytes, kept for signature checks (payment webhook). */
      rawBody?: Buffer;
    }
  }
}

export {};
