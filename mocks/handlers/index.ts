import type { Api, EndpointName } from '@contract';
import { adjustments } from './adjustments';
import { admin } from './admin';
import { announcements } from './announcements';
import { auth } from './auth';
import { coupon } from './coupon';
import { dev } from './dev';
import { fourEyes } from './four-eyes';
import type { Impl } from './impl';
import { notices } from './notices';
import { payment } from './payment';
import { pending } from './pending';
import { product } from './product';
import { providers } from './providers';
import { providerWebhooks } from './provider-webhooks';
import { publicProducts } from './public';
import { reseller } from './reseller';
import { secrets } from './secrets';
import { recipients } from './recipients';
import { referrals } from './referrals';
import { transactions } from './transactions';
import { transfers } from './transfers';
import { tiers } from './tiers';
import { timeline } from './timeline';
import { twoFactor } from './two-factor';
import { user } from './user';
import { verification } from './verification';
import { withdrawals } from './withdrawals';

/**
 * Every endpoint of contract/endpoints.ts, by its `api` key. The mapped type makes a new
 * endpoint without a mock a type error (and mocks/coverage.test.ts a failing test).
 */
export type Impls = { [K in EndpointName]: Impl<Api[K]> };

export const impls: Impls = {
  ...auth,
  ...user,
  ...recipients,
  ...transactions,
  ...coupon,
  ...payment,
  ...providerWebhooks,
  ...product,
  ...publicProducts,
  ...admin,
  ...dev,
  ...reseller,
  ...transfers,
  ...tiers,
  ...pending,
  ...providers,
  ...adjustments,
  ...fourEyes,
  ...notices,
  ...announcements,
  ...twoFactor,
  ...secrets,
  ...referrals,
  ...verification,
  ...withdrawals,
  ...timeline,
};
