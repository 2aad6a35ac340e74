import { api } from '@contract';
import { impl } from './impl';

/**
 * VTpass's transaction-update callback (ADR 0038). The mock world has no VTpass to requery,
 * and the server moves no money on a callback without one: acknowledged as VTpass expects.
 */
export const providerWebhooks = {
  vtpassWebhook: impl(api.vtpassWebhook, () => ({ response: 'success' as const })),
};
