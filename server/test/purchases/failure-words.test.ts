/**
 * Failures in plain words (ADR 0074): a customer's answers carry one plain sentence for a failed
 * purchase (the network or biller, what was bought) and never the provider's code or words,
 * in the purchase's answer, the history and the overview alike; the admin's list carries the
 * provider, its code and its words.
 */
import { api } from '@contract';
import { FAILURE_MSG } from '@contract/messages/history';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { adminLogin, createKit, engines, PIN, type Kit } from '../helper.ts';

/** The sandbox VTpass refuses a destination ending 0000 with its documented 016. */
const PROVIDER_WORDS = /TRANSACTION FAILED|\b016\b|VTpass|sandbox/i;

describe.each(engines)('failures in plain words on %s', (engine) => {
  let kit: Kit;
  beforeAll(async () => {
    kit = await createKit(engine);
  });
  afterEach(async () => {
    expect(await kit.invariants()).toEqual([]);
  });
  afterAll(async () => kit.close());

  it('tells the customer what failed and where, never the provider’s code or words', async () => {
    const u = await kit.user({ funds: 10_000_00 });
    const topUp = await kit.call(api.airtime, {
      token: u.token,
      body: { pin: PIN, phone_number: '08031230000', amount: 500 },
    });
    const data = await kit.call(api.data, {
      token: u.token,
      body: {
        pin: PIN,
        service_id: 'glo-data',
        plan_id: 'glo-data-105mb-2d',
        phone_number: '08051230000',
      },
    });
    expect(topUp.body.message).toMatchObject({
      status: 'reversed',
      response_msg: FAILURE_MSG.declined('MTN', 'top-up'),
    });
    expect(data.status).toBe(200);
    expect(data.body.message.status).toBe('reversed');
    expect(data.body.message.response_msg).toBe(FAILURE_MSG.declined('GLO', 'data purchase'));

    // Every customer answer that carries the purchase: none names the provider or its words.
    const answers = [
      topUp.body,
      data.body,
      (await kit.call(api.currentUser, { token: u.token })).body,
      (await kit.call(api.myTransactions, { token: u.token, query: { limit: '100' } })).body,
      (
        await kit.call(api.myTransactions, {
          token: u.token,
          query: { q: topUp.body.message.transaction_id },
        })
      ).body,
    ];
    for (const answer of answers) {
      const messages = JSON.stringify(answer).match(/"response_msg":"[^"]*"/g) ?? [];
      for (const m of messages) expect(m).not.toMatch(PROVIDER_WORDS);
      expect(JSON.stringify(answer)).not.toMatch(
        /TRANSACTION FAILED|providers_tried|provider_answer/,
      );
    }
    const history = answers[3]!.message as { transaction_id: string; response_msg?: string }[];
    expect(
      history.find((l) => l.transaction_id === topUp.body.message.transaction_id)?.response_msg,
    ).toBe(FAILURE_MSG.declined('MTN', 'top-up'));
  });

  it('shows the admin the provider, its code and its own words', async () => {
    const admin = await adminLogin(kit);
    const u = await kit.user({ funds: 10_000_00 });
    const failed = await kit.call(api.airtime, {
      token: u.token,
      body: { pin: PIN, phone_number: '08031230000', amount: 500 },
    });
    const id = failed.body.message.transaction_id as string;
    const list = await kit.call(api.transactions, { token: admin, query: { id } });
    expect(list.body.message[0]).toMatchObject({
      transaction_id: id,
      response_msg: '016 TRANSACTION FAILED',
      provider_answer: {
        provider: 'VTpass',
        code: '016',
        message: 'TRANSACTION FAILED',
        requery_attempts: 0,
      },
    });
  });
});
