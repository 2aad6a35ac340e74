import { endpoint, message } from '../../endpoint';
import { AdminOverviewSchema, ReconciliationSchema } from '../../entities';

/** The admin overview: totals, the last 30 days, reconciliation. */

export const adminOverview = endpoint({
  name: 'admin.overview',
  method: 'GET',
  path: '/api/admin/overview',
  access: 'admin',
  summary: 'Totals and the last 30 days, for the admin overview.',
  response: message(AdminOverviewSchema),
});

export const reconciliation = endpoint({
  name: 'admin.reconciliation',
  method: 'GET',
  path: '/api/admin/reconciliation',
  access: 'admin',
  summary:
    'Ledger invariants, purchases pending too long, card payments the provider disagrees with.',
  response: message(ReconciliationSchema),
});
