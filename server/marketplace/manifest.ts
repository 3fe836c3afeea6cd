import { defineModule } from '../kernel/modules';
import { adminMarketplaceCategoriesRouter } from './admin-categories';
import { adminCommissionTiersRouter } from './admin-commission-tiers';
import { adminPaymentGatewayRouter } from './admin-payment-gateway';
import { adminDisputesRouter } from './admin-disputes';
import { adminPaymentHoldsRouter } from './admin-payment-holds';
import { cartRouter } from './cart';
import { marketplaceCategoriesRouter } from './categories';
import { sellerMediaRouter } from './seller-media';
import { sellerProfilesRouter } from './seller-profiles';
import { sellersRouter } from './sellers';
import { favouritesRouter } from './favourites';
import { listingContactsRouter } from './listing-contacts';
import { listingReportsRouter } from './listing-reports';
import { listingExpiryJob } from './listing-expiry';
import { listingSearchRouter } from './listing-search';
import { listingsRouter } from './listings';
import { adminModerationRouter } from './moderation';
import { orderTimersJob } from './order-lifecycle';
import { ordersRouter } from './orders';
import { salesRouter } from './sales';
import { commissionStatementsJob } from './statement-lifecycle';
import { sellerStatementsRouter } from './statements';
import { stallionBookingRouter } from './stallion-booking';
import { paymentWebhooksRouter } from './webhooks';

/**
 * The marketplace catalogue (DESIGN-MODULES C.1 to C.4, C.8, E.3, G.10): categories, seller
 * profiles and their media, listings and their states, search, favourites, contact requests,
 * reports, and the administrators' categories and moderation. Every `/api/marketplace/**`
 * route is a `marketplaceProcedure` (the switch of C.8).
 */
export const marketplaceModule = defineModule({
  name: 'marketplace',
  tenant: null,
  routers: {
    marketplaceCategories: marketplaceCategoriesRouter,
    sellerProfiles: sellerProfilesRouter,
    sellers: sellersRouter,
    sellerMedia: sellerMediaRouter,
    listingSearch: listingSearchRouter,
    listings: listingsRouter,
    favourites: favouritesRouter,
    listingContacts: listingContactsRouter,
    listingReports: listingReportsRouter,
    cart: cartRouter,
    orders: ordersRouter,
    sales: salesRouter,
    sellerStatements: sellerStatementsRouter,
    stallionBooking: stallionBookingRouter,
    paymentWebhooks: paymentWebhooksRouter,
    admin: {
      marketplaceCategories: adminMarketplaceCategoriesRouter,
      moderation: adminModerationRouter,
      commissionTiers: adminCommissionTiersRouter,
      paymentGateway: adminPaymentGatewayRouter,
      marketplaceDisputes: adminDisputesRouter,
      marketplacePaymentHolds: adminPaymentHoldsRouter,
    },
  },
  jobs: [listingExpiryJob, orderTimersJob, commissionStatementsJob],
});
