import {
  api,
  dataDestinationError,
  FOUR_EYES_MSG,
  maskName,
  MSG,
  NAIRA,
  SERVER_MSG,
  TRUST_MSG,
} from '@contract';
import { HISTORY_MSG } from '@contract/messages/history';
import { hideRefusal } from '@contract/hide-rule';
import { lagosDayEnd, lagosDayStart } from '@contract/time';
import { now } from '../clock';
import { me } from '../contract-handler';
import { db, findUserByEmail } from '../db';
import { MockApiError } from '../errors';
import { networkForPhone } from '../services/catalogue';
import { couponFor } from '../services/coupons';
import { mockRenewal, quoteRenewal } from '../services/tv-renewal';
import { matchesDestination } from '../services/destination';
import { matches, paginate } from '../services/paging';
import { customerAddress, customerName, sandboxOutcome } from '../services/provider';
import { instantOrWait, pendingFor, refuseOwnWallet, requestApproval } from '../services/four-eyes';
import { purchase, reverse } from '../services/purchase';
import {
  quoteAirtime,
  quoteCable,
  quoteData,
  quoteEducation,
  quoteElectricity,
} from '../services/quotes';
import { transactionId, transferRecords } from '../services/records';
import { toAdminTransaction, toTransaction } from '../services/views';
import { assertCanSpend, checkPin, credit, debit } from '../services/wallet';
import { impl } from './impl';

/**
 * Purchases, transfers and the transaction lists (spec §7 transactions). With a
 * `coupon_code`, the coupon decides the product (plan, amount, provider) and the body only
 * says where it goes; without one the wallet pays the contract/pricing total.
 */

const invalid = (msg: string) => new MockApiError('validation_error', msg);

export const transactions = {
  airtime: impl(api.airtime, (ctx) => {
    const { body } = ctx;
    const coupon = couponFor(body.coupon_code, 'Airtime');
    const amount = coupon ? coupon.meta_data.amount : body.amount;
    // Numbers are portable: the chosen network wins over the prefix (docs/domain.md).
    const network =
      body.network_id ??
      networkForPhone(db.catalogue, body.phone_number)?.id ??
      coupon?.meta_data.network_id;
    if (!network) throw invalid(MSG.inputsInvalid);
    const quote = quoteAirtime(db.catalogue, network, amount);
    const record = purchase(me(ctx), {
      quote,
      destination: { phone: body.phone_number },
      pin: body.pin,
      coupon,
    });
    return { message: toTransaction(record) };
  }),

  data: impl(api.data, (ctx) => {
    const { body } = ctx;
    const coupon = couponFor(body.coupon_code, 'Data');
    const serviceId = coupon?.meta_data.service_id ?? body.service_id;
    const planId = coupon?.meta_data.plan_id ?? body.plan_id;
    const variation = db.catalogue.data.find((v) => v.service_id === serviceId);
    if (!variation) throw new MockApiError('not_found', SERVER_MSG.productNotFound);
    const destinationError = dataDestinationError(
      { phone_number: body.phone_number, account_id: body.account_id, plan_id: planId },
      variation.requires_account_id,
    );
    if (destinationError || !planId) throw invalid(destinationError ?? MSG.dataPhone);
    const quote = quoteData(db.catalogue, serviceId, planId);
    const destination = variation.requires_account_id
      ? { account_id: body.account_id }
      : { phone: body.phone_number };
    const record = purchase(me(ctx), { quote, destination, pin: body.pin, coupon });
    return { message: toTransaction(record) };
  }),

  cabletv: impl(api.cabletv, (ctx) => {
    const { body } = ctx;
    const coupon = couponFor(body.coupon_code, 'CableTV');
    const quote =
      body.subscription_type === 'renew'
        ? quoteRenewal(db.catalogue, body, Boolean(coupon))
        : quoteCable(
            db.catalogue,
            coupon?.meta_data.service_id ?? body.service_id,
            coupon?.meta_data.plan_id ?? body.plan_id,
          );
    const destination = { smart_card_number: body.smart_card_number };
    const record = purchase(me(ctx), { quote, destination, pin: body.pin, coupon });
    return { message: toTransaction(record) };
  }),

  electricity: impl(api.electricity, (ctx) => {
    const { body } = ctx;
    const coupon = couponFor(body.coupon_code, 'Electricity');
    // A coupon buys its own DisCo, meter type and amount (its minimum was checked when it was
    // bought); one sold without a DisCo takes the one the customer chose (decision 0013).
    const variationCode = coupon
      ? (coupon.meta_data.variation_code ?? 'prepaid')
      : body.variation_code;
    // An amount sent with a coupon must be its face value, as on the server.
    if (coupon && body.amount !== undefined && body.amount !== coupon.meta_data.amount) {
      throw invalid(MSG.electricityInvalid);
    }
    const amount = coupon ? coupon.meta_data.amount : body.amount;
    if (amount === undefined) throw invalid(MSG.electricityAmountEmpty);
    const quote = quoteElectricity(
      db.catalogue,
      coupon?.meta_data.service_id ?? body.service_id,
      variationCode,
      amount,
    );
    const destination = { meter_number: body.meter_number, variation_code: variationCode };
    const record = purchase(me(ctx), { quote, destination, pin: body.pin, coupon });
    return { message: toTransaction(record) };
  }),

  education: impl(api.education, (ctx) => {
    const { body } = ctx;
    const coupon = couponFor(body.coupon_code, 'Education');
    // One coupon is one unit.
    const quantity = coupon ? 1 : body.quantity;
    const quote = quoteEducation(
      db.catalogue,
      coupon?.meta_data.service_id ?? body.service_id,
      coupon?.meta_data.plan_id ?? body.plan_id,
      quantity,
    );
    const record = purchase(me(ctx), { quote, destination: { quantity }, pin: body.pin, coupon });
    return { message: toTransaction(record) };
  }),

  verifyCustomer: impl(api.verifyCustomer, ({ body }) => {
    const number = body.customer_number;
    const isTv = db.catalogue.cabletv.some((v) => v.service_id === body.service_id);
    const isPower = db.catalogue.electricity.some((v) => v.service_id === body.service_id);
    if (!isTv && !isPower) throw new MockApiError('not_found', SERVER_MSG.productNotFound);
    // Same sandbox rule as purchases: …0000 is not a customer of this biller.
    if (sandboxOutcome(number) === 'failed')
      throw new MockApiError('not_found', SERVER_MSG.customerNotFound);
    if (isTv) {
      const plan = db.catalogue.cabletv.find((v) => v.service_id === body.service_id)?.plans[1];
      const renewal = mockRenewal(db.catalogue, body.service_id);
      return {
        message: {
          customer_name: customerName(number),
          ...(plan && { current_bouquet: plan.name }),
          ...(renewal && { renewal }),
          due_date: new Date(now() + 9 * 86_400_000).toISOString().slice(0, 10),
        },
      };
    }
    return {
      message: {
        customer_name: customerName(number),
        address: customerAddress(number),
        meter_number: number,
        min_purchase_amount: 500 * NAIRA,
      },
    };
  }),

  // As the server: a masked name, or only "no PayBills account" (ADR 0046).
  shareRecipient: impl(api.shareRecipient, (ctx) => {
    const sender = me(ctx);
    const recipient = findUserByEmail(ctx.body.email);
    if (!recipient) throw new MockApiError('not_found', TRUST_MSG.noAccount);
    if (recipient.id === sender.id) throw invalid(SERVER_MSG.selfTransfer);
    return { message: { name: maskName(recipient.name) } };
  }),

  share: impl(api.share, (ctx) => {
    const sender = me(ctx);
    const { body } = ctx;
    const recipient = findUserByEmail(body.email);
    if (!recipient) throw new MockApiError('not_found', SERVER_MSG.userNotFound);
    if (recipient.id === sender.id) throw invalid(SERVER_MSG.selfTransfer);
    assertCanSpend(sender);
    checkPin(sender, body.pin);
    const fromBefore = debit(sender, body.amount);
    const toBefore = credit(recipient, body.amount);
    const at = now();
    const ids: [string, string] = [transactionId(at, ++db.seq), transactionId(at, ++db.seq)];
    const rows = transferRecords({
      ids,
      at,
      from: sender,
      to: recipient,
      amount: body.amount,
      fromBefore,
      toBefore,
    });
    db.transactions.unshift(...rows);
    return { message: sender.wallet_balance };
  }),

  transactions: impl(
    api.transactions,
    ({ query }) => {
      // Lagos days, both inclusive, like the server (ADR 0048).
      const start = query.from ? lagosDayStart(query.from) : -Infinity;
      const end = query.to ? lagosDayEnd(query.to) : Infinity;
      const found = db.transactions
        .filter(
          (t) =>
            matches(t.user, query.q) &&
            matches(t.transaction_id, query.id) &&
            matchesDestination(t, query.dest) &&
            (!query.status || t.status === query.status) &&
            t.date >= start &&
            t.date < end,
        )
        .sort((a, b) => b.date - a.date);
      return paginate(found.map(toAdminTransaction), query);
    },
    ({ query }) => paginate([], query),
  ),

  deleteTransaction: impl(api.deleteTransaction, (ctx) => {
    const user = me(ctx);
    // Someone else's id answers like an unknown one: nothing leaks (decisions §7).
    const record = db.transactions.find(
      (t) => t.transaction_id === ctx.params.id && t.user_id === user.id && !t.hidden,
    );
    if (!record) throw new MockApiError('not_found', SERVER_MSG.transactionNotFound);
    // The server's rule (ADR 0074): a failed purchase holds its charge until it is refunded.
    const refusal = hideRefusal(
      record.status,
      record.status === 'failed' && record.amountCharged > 0,
    );
    if (refusal) throw new MockApiError('conflict', refusal);
    record.hidden = true;
    return { message: HISTORY_MSG.hidden };
  }),

  reverse: impl(api.reverse, (ctx) => {
    const { body } = ctx;
    const admin = me(ctx);
    const record = db.transactions.find(
      (t) => t.transaction_id === body.transactionId && t.user_id === body.userId,
    );
    if (!record) throw new MockApiError('not_found', SERVER_MSG.transactionNotFound);
    if (record.status !== 'failed') throw new MockApiError('conflict', SERVER_MSG.notReversible);
    // Four eyes (ADR 0070): never one's own purchase; at once only within the rules.
    refuseOwnWallet(admin, record.user_id);
    if (pendingFor('transaction.reverse', record.transaction_id)) {
      throw new MockApiError('conflict', FOUR_EYES_MSG.alreadyWaiting);
    }
    const decision = instantOrWait(admin, record.user_id, record.amountCharged);
    if (!decision.instant) {
      return {
        message: requestApproval(admin, {
          kind: 'transaction.reverse',
          target_id: record.transaction_id,
          user_id: record.user_id,
          user: record.user,
          amount: record.amountCharged,
          summary: `Reverse the failed ${record.product} purchase ${record.transaction_id}`,
          why: decision.why,
          payload: {},
        }),
      };
    }
    reverse(record);
    return { message: SERVER_MSG.reversed };
  }),
};
