/**
 * The upstream providers (src/providers: one interface, many adapters), chosen from the
 * environment: sandbox by default, a real adapter only when its keys are set. This issue uses
 * the two VTU floats for the admin balance routes; purchases and card payments come next.
 */
import type { Config } from '../config.ts';
import { createProviders, describeProviders, type Providers } from '../providers/index.ts';

export type ProviderSet = Providers;

export function loadProviders(config: Config): ProviderSet {
  return createProviders(config.env);
}

export { describeProviders };
