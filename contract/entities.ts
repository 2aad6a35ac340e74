/**
 * The contract's entities: what the API answers, in the app's units (money in kobo after
 * parsing), and the statuses and tones screens show.
 *
 * One module per area (ADR 0066): what every signed-in page needs (the user, their
 * transactions and coupons) apart from what only the admin, the catalogue, payments or saved
 * recipients need, so a page's bundle carries its own.
 */
export * from './entities/core';
export * from './entities/payments';
export * from './entities/catalogue';
export * from './entities/recipients';
export * from './entities/admin';
