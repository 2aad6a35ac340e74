/**
 * Provider failover, breaker and floats (ADR 0052): the admin's Providers page
 * and, in sandbox mode only, the fault switch that makes a simulated provider refuse or stop
 * answering (to try failover and the breaker from the sandbox pages).
 */
import { api, PROVIDER_MSG } from '@contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { ApiError } from '../../platform/http/errors.ts';
import { route } from '../../platform/http/route.ts';
import * as failover from '../../providers/failover.ts';
import { operatorCosts } from '../operator-costs.ts';
import {
  clearProviderFaults,
  queuePayoutFault,
  queueProviderFault,
} from '../../providers/simulators/provider-faults.ts';

export function providerRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, api.adminProviders, async () => ({
    message: await failover.providersOverview(ctx),
  }));
  // The SMS and payout floats and today's SMS on the overview (ADR 0086).
  route(app, ctx, api.adminOperatorCosts, async () => ({
    message: await operatorCosts(ctx),
  }));
  route(app, ctx, api.setProviderRoute, async ({ body, user, req }) => ({
    message: await failover.setRoute(ctx, { admin: user, req }, body),
  }));
  route(app, ctx, api.setFloatThreshold, async ({ body, user, req }) => ({
    message: await failover.setThreshold(ctx, { admin: user, req }, body),
  }));

  route(app, ctx, api.devProviderFault, async ({ body }) => {
    // Live purchases never touch the simulators: a switch there would only mislead.
    if (ctx.mode !== 'sandbox') throw new ApiError('not_found', PROVIDER_MSG.faultSandboxOnly);
    const sims = ctx.providers.simulators;
    if (body.provider === 'flutterwave-transfers') {
      if (body.fault === 'clear') sims.payouts.faults.clear();
      else queuePayoutFault(sims, body.fault, body.count);
      return {
        message: { provider: body.provider, queued: body.fault === 'clear' ? 0 : body.count },
      };
    }
    if (body.fault === 'clear') {
      clearProviderFaults(sims, body.provider);
      return { message: { provider: body.provider, queued: 0 } };
    }
    queueProviderFault(sims, body.provider, body.fault, body.count);
    return { message: { provider: body.provider, queued: body.count } };
  });
}
