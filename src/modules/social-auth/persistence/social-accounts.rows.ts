/** The account a provider login opens (`social_accounts.user_id`). */
export interface SocialAccountUserRow {
  user_id: string;
}
