import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '@/db/client';
import type { Config } from '../kernel/config';
import { conflict } from '../kernel/errors';
import { appEncryptionKey } from '../kernel/secrets';
import { paymentDriver } from './payment-driver-for';
import { managedProfile, sellerContact } from './seller-access';

/** Where the gateway sends the seller back: their profile page, which shows `payout_status`. */
const PROFILE_PAGE = '/marketplace/my/profile';

/**
 * POST /seller-profiles/{id}/payout-onboarding (C.2): the seller's connected account at the
 * gateway, created on first use (`payout_status` pending), and a link to the gateway's own
 * onboarding form; the gateway's `account.updated` webhook sets the status after. 409 with
 * the manual driver, where buyers pay sellers directly.
 */
export async function startPayoutOnboarding(
  db: Database,
  config: Config,
  userId: string,
  profileId: string,
): Promise<{ url: string }> {
  return db.transaction(async (tx) => {
    await managedProfile(tx, userId, profileId);
    const { gateway } = await paymentDriver(tx, appEncryptionKey(config.auth.secret));
    if (!gateway)
      throw conflict(
        'The marketplace takes payments by hand: buyers pay sellers directly, so there is no payout account to connect.',
      );
    const [profile] = await queryRows<{ account_id: string | null; country: string | null }>(
      tx,
      sql`select gateway_account_id as account_id, country from seller_profiles
           where id = ${profileId} for update`,
    );
    let accountId = profile!.account_id;
    if (!accountId) {
      const contact = await sellerContact(tx, profileId);
      if (!contact.email)
        throw conflict('Set a contact e-mail on the seller profile before connecting payouts.');
      accountId = await gateway.createAccount({
        email: contact.email,
        country: profile!.country,
        sellerProfileId: profileId,
      });
      await tx.execute(
        sql`update seller_profiles set gateway_account_id = ${accountId},
                   payout_status = 'pending', updated_at = now()
             where id = ${profileId}`,
      );
    }
    const page = `${config.appUrl}${PROFILE_PAGE}?profile=${profileId}`;
    const url = await gateway.onboardingUrl({
      accountId,
      returnUrl: `${page}&payouts=done`,
      refreshUrl: `${page}&payouts=retry`,
    });
    return { url };
  });
}
