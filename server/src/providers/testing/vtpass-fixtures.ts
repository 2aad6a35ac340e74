/**
 * VTpass answers as their public documentation shows them (ADR 0038), for the adapter tests
 * and the server tests. Each cites its page; where a page shows no full example, the fixture
 * says what it was assembled from.
 */

/**
 * "EXPECTED RESPONSE" of https://www.vtpass.com/documentation/re-query-services/ (POST
 * /requery for an MTN airtime purchase, delivered).
 */
export const REQUERY_EXAMPLE = {
  response_description: 'TRANSACTION SUCCESSFUL',
  code: '000',
  content: {
    transactions: {
      status: 'delivered',
      product_name: 'MTN Airtime VTU',
      unique_element: '08011111111',
      unit_price: 20,
      quantity: 1,
      service_verification: null,
      channel: 'api',
      commission: 1,
      total_amount: 19.3,
      discount: null,
      type: 'Airtime Recharge',
      email: 'sandbox@sandbox.vtpass.com',
      phone: '123450987623',
      name: null,
      extras: null,
      convinience_fee: 0,
      amount: 20,
      platform: 'api',
      method: 'wallet',
      transactionId: '17415980564672211596777904',
      product_id: 2,
      commission_details: {
        amount: 1,
        rate: '3.50',
        rate_type: 'percent',
        computation_type: 'default',
      },
    },
  },
  requestId: '2025031010146932932',
  amount: 20,
  transaction_date: '2025-03-10T09:14:16.000000Z',
  purchased_code: '',
};

/**
 * "EXPECTED REQUEST DATA FOR TRANSACTION WITH AN UPDATE" of
 * https://www.vtpass.com/documentation/transaction-update-webhook-api/ (what VTpass POSTs to
 * our callback URL).
 */
export const CALLBACK_EXAMPLE = {
  type: 'transaction-update',
  data: {
    code: '000',
    content: {
      transactions: {
        status: 'delivered',
        product_name: 'Airtel Airtime',
        unique_element: '08011111111',
        unit_price: 5,
        quantity: 1,
        service_verification: null,
        channel: 'api',
        commission: 0,
        total_amount: 4.85,
        discount: null,
        type: 'Airtime Recharge',
        email: 'degodtest@gmail.com',
        phone: '07061933309',
        name: null,
        convinience_fee: 0,
        amount: 5,
        platform: 'api',
        method: 'wallet',
        transactionId: '1583519914158857111079',
      },
    },
    response_description: 'TRANSACTION DELIVERED',
    amount: 5,
    transaction_date: null,
    requestId: 'ELAET1RA7PC06250-12S5962-2102P',
    purchased_code: '',
  },
};

/** The same callback for another request and transaction status (a reversal, say). */
export function callbackFor(requestId: string, status: string, code = '000') {
  const data = CALLBACK_EXAMPLE.data;
  return {
    ...CALLBACK_EXAMPLE,
    data: {
      ...data,
      code,
      requestId,
      content: { transactions: { ...data.content.transactions, status } },
    },
  };
}

/** The re-query page's answer for another request and transaction status. */
export function requeryAnswer(requestId: string, status: string, code = '000') {
  const tx = REQUERY_EXAMPLE.content.transactions;
  return { ...REQUERY_EXAMPLE, code, requestId, content: { transactions: { ...tx, status } } };
}

/**
 * A smart-card verification answering 020 "BILLER CONFIRMED": the code is from the
 * "Verification Response" table of https://www.vtpass.com/documentation/response-codes/, the
 * `content` fields from "VERIFY SMARTCARD NUMBER" of
 * https://www.vtpass.com/documentation/dstv-subscription-api/ (sandbox card 1212121212).
 */
export const VERIFY_020_EXAMPLE = {
  code: '020',
  content: {
    Customer_Name: 'TEST USER',
    Status: 'ACTIVE',
    Due_Date: '2026-12-01T00:00:00',
    Customer_Number: 8061522780,
    Customer_Type: 'DSTV',
    Current_Bouquet: 'DStv Compact',
    Renewal_Amount: 19000,
  },
};
