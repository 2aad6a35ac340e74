/**
 * Admin announcements (ADR 0059): an admin tells customers about a price change
 * or an outage. Each has a text, a severity, a window (start and end, epoch ms on the wire,
 * Lagos time on the screen) and an audience: every customer, or the customers of one price
 * tier. Customers see the active ones as a banner on the dashboard until they dismiss them
 * (kept on the server per user). Optionally the audience is e-mailed once per customer, in
 * batches by a background worker, never while the admin waits.
 *
 * The status is not stored: it follows from the window and the server's clock (`ending` an
 * announcement moves its end to now).
 *
 * Two modules (ADR 0066): what a customer's dashboard needs, and the admin's side.
 */
export * from './announcements/customer';
export * from './announcements/admin';
