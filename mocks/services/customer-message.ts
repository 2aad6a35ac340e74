import { failureSentence } from '@contract/failure-reasons';
import type { TransactionRecord } from '../records';

const PURCHASES: readonly string[] = ['Airtime', 'Data', 'CableTV', 'Electricity', 'Education'];

/**
 * What the customer reads in `response_msg`, as the server says it (ADR 0074): a failed
 * purchase's plain sentence (the sandbox VTpass's refusal is its 016, "could not complete"),
 * a share's own message, nothing else; never the provider's words.
 */
export function customerMessage(t: TransactionRecord): string | undefined {
  if (t.product === 'Transfer') return t.response_msg;
  if (!PURCHASES.includes(t.product)) return undefined;
  if (t.status !== 'failed' && t.status !== 'reversed') return undefined;
  return failureSentence('declined', t);
}
