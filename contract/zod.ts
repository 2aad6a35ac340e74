/**
 * The contract's zod: zod/mini (ADR 0064), the same package and parser as zod's
 * classic API, with functions in place of methods (`z.optional(s)`, `s.check(z.maxLength(n))`)
 * so a bundle keeps only the schema kinds and checks the contract uses.
 *
 * No locale is loaded here (ADR 0067). Every rule a customer can break in a form carries its own
 * message (the spec's words, contract/messages), so zod's English texts ("Too big: expected
 * string to have <=64 characters") only ever described input no form produces, and cost every
 * app page 1.1 KiB gzip. In the browser such an issue reads zod's own "Invalid input"
 * (contract/form-messages.test.ts keeps every form rule clear of it). The server builds zod
 * classic schemas as it starts, and classic loads the English locale with its first schema, so
 * API clients and operators still read the detailed texts.
 */
import * as z from 'zod/mini';

export { z };
