import { describe, expect, it } from 'vitest';
import { CATALOGUE_MSG } from './messages';
import { everyPlanAtCost, planMargin, pricedAtCost } from './plan-margins';

const plan = (price: number, cost: number | null, on_sale = true) => ({ price, cost, on_sale });

describe('plan margins (ADR 0077)', () => {
  it('a margin is our price less the provider cost, unknown before a sync', () => {
    expect(planMargin(plan(300_00, 280_00))).toBe(20_00);
    expect(planMargin(plan(300_00, null))).toBeNull();
  });

  it('a plan is priced at cost only when its cost is known and its margin is ₦0.00', () => {
    expect(pricedAtCost(plan(300_00, 300_00))).toBe(true);
    expect(pricedAtCost(plan(300_00, 299_99))).toBe(false);
    expect(pricedAtCost(plan(300_00, null))).toBe(false);
  });

  it('a service earns nothing only when every plan on sale has a known cost and is at cost', () => {
    expect(everyPlanAtCost([plan(100_00, 100_00), plan(200_00, 200_00)])).toBe(true);
    // A plan off sale is left out.
    expect(everyPlanAtCost([plan(100_00, 100_00), plan(200_00, 150_00, false)])).toBe(true);
    expect(everyPlanAtCost([plan(100_00, 100_00), plan(200_00, 150_00)])).toBe(false);
    // A cost not known yet may still earn a margin.
    expect(everyPlanAtCost([plan(100_00, 100_00), plan(200_00, null)])).toBe(false);
    expect(everyPlanAtCost([plan(100_00, 100_00, false)])).toBe(false);
    expect(everyPlanAtCost([])).toBe(false);
  });

  it('says so word for word', () => {
    expect(CATALOGUE_MSG.pricedAtCost).toBe('Priced at cost');
    expect(CATALOGUE_MSG.everyPlanAtCost('MTN')).toBe(
      'Every plan of MTN is priced at cost: you earn nothing on it.',
    );
  });
});
