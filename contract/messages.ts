/**
 * Every user-facing sentence: the spec's, word for word (spec.ts), and those the spec does not
 * word, one module per area so a page carries only the sentences it shows (ADR 0066).
 */
export * from './messages/spec';
export * from './messages/account';
export * from './messages/server';
export * from './messages/transfers';
export * from './messages/trust';
export * from './messages/catalogue';
