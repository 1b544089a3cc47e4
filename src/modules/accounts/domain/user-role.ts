export const USER_ROLES = ['owner', 'admin', 'staff', 'customer'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** Roles a sibling service may give a user it registers into an existing tenant (gRPC). */
export const STAFF_ROLES = ['owner', 'admin', 'staff'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
