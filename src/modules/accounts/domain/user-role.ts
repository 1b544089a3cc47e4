import type { UserRole } from '@common/context/request-context';

export type { UserRole } from '@common/context/request-context';

/** Roles a sibling service may give a user it registers into an existing tenant (gRPC). */
export const STAFF_ROLES = ['owner', 'admin', 'staff'] as const satisfies readonly UserRole[];
export type StaffRole = (typeof STAFF_ROLES)[number];
