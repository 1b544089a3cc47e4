/**
 * Who "the customer" is for per-customer coupon limits (decisions §12): the signed-in user, else
 * the email, else the phone. Null when the request identifies nobody.
 */
export function customerKey(userId: string | null | undefined, email?: string | null, phone?: string | null): string | null {
  if (userId) return `user:${userId}`;
  if (email && email.trim()) return `email:${email.trim().toLowerCase()}`;
  if (phone && phone.trim()) {
    const digits = phone.replace(/[^\d+]/g, '');
    if (digits) return `phone:${digits}`;
  }
  return null;
}
