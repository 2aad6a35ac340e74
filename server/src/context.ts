/** What services need: configuration, the database, hashing, tokens, mail and providers. */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Db, DbHandle } from './db/index.ts';
import type { Mode } from './deployment.ts';
import type { Metrics } from './metrics.ts';
import type { PinHasher } from './domain/pins.ts';
import type { Hasher } from './domain/secrets.ts';
import type { ProviderSet } from './plugins/providers.ts';
import type { Mailer } from './services/mail.ts';
import type { TokenService } from './services/tokens.ts';

export interface AppContext {
  config: Config;
  /** Sandbox or live (ADR 0014). */
  mode: Mode;
  dbh: DbHandle;
  db: Db;
  hasher: Hasher;
  /** Transaction pins (ADR 0021). */
  pins: PinHasher;
  tokens: TokenService;
  mailer: Mailer;
  providers: ProviderSet;
  /** Prometheus metrics of this app (ADR 0049). */
  metrics: Metrics;
  log: FastifyBaseLogger;
}
