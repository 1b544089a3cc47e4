export const SOCIAL_PROVIDERS = ['google', 'facebook', 'apple', 'github', 'twitter'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

/** How a provider is named in messages (decisions §3: "<Provider> sign-in is not configured."). */
export const PROVIDER_LABELS: Record<SocialProvider, string> = {
  google: 'Google',
  facebook: 'Facebook',
  apple: 'Apple',
  github: 'GitHub',
  twitter: 'X',
};

/** What the provider vouches for, once it has accepted the token as one issued to this platform's app. */
export interface VerifiedSocialIdentity {
  subject: string;
  /** The email the provider reports, if any (always null for X). */
  email: string | null;
  /**
   * The provider asserts that this person controls `email`: google and apple `email_verified`,
   * github and facebook by their own rules, X never. Only such an email links or claims an account.
   */
  emailVerified: boolean;
  avatarUrl: string | null;
}
