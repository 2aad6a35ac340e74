import { endpoint, paged, PageQuery, Text } from '../../endpoint';
import { AssignTransferBody, HeldTransferSchema } from '../../transfers';

/** Held bank transfers (ADR 0024). */

export const heldTransfers = endpoint({
  name: 'admin.heldTransfers',
  method: 'GET',
  path: '/api/admin/transfers/held',
  access: 'admin',
  summary: 'Transfers to an account number that is nobody’s, newest first, paged.',
  query: PageQuery,
  response: paged(HeldTransferSchema),
});

export const assignTransfer = endpoint({
  name: 'admin.assignTransfer',
  method: 'POST',
  path: '/api/admin/transfers/assign',
  access: 'admin',
  summary: 'Credit a held transfer to a customer (by e-mail), once; recorded in the audit log.',
  body: AssignTransferBody,
  response: Text,
  errors: [400, 401, 403, 404, 409, 423, 429, 500],
});
