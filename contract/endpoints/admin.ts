/** The admin dashboard's calls, one module per page (ADR 0066). */
export * from './admin/overview';
export * from './admin/users';
export * from './admin/balances';
export * from './admin/transactions';
export * from './admin/payments';
export * from './admin/products';
export * from './admin/transfers';
export * from './admin/audit';
