/** What services need: configuration, the database, hashing, tokens, mail and providers. */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Db, DbHandle } from './platform/db/index.ts';
import type { Mode } from './deployment.ts';
import type { Metrics } from './platform/metrics.ts';
import type { PinHasher } from './accounts/pins.ts';
import type { Hasher } from './platform/secrets.ts';
import type { ProviderSet } from './providers/load.ts';
import type { Mailer } from './notifications/mail.ts';
import type { TokenService } from './accounts/tokens.ts';

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
