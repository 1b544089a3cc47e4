export const SOCIAL_PROVIDERS = ['google', 'facebook', 'apple', 'github', 'twitter'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

/** What the provider vouches for, once it has accepted the token. */
export interface VerifiedSocialIdentity {
  subject: string;
  email: string | null;
  name: string | null;
  avatarUrl: string | null;
}
