/**
 * The contract's zod: zod/mini (issue 27; ADR 0064), the same package and parser as zod's
 * classic API, with functions in place of methods (`z.optional(s)`, `s.check(z.maxLength(n))`)
 * so a bundle keeps only the schema kinds and checks the contract uses. Classic attaches every
 * method to every schema and costs the browser 23 KiB (gzip) on every app page; mini about
 * half of that. English messages are loaded as classic loads them, so a field without its own
 * message reads as it did.
 */
import * as z from 'zod/mini';

z.config(z.locales.en());

export { z };
