import { describe, expect, it } from 'vitest';
import { creemPriceText, parseCreemProducts } from './creem-products';

describe('Creem products on the wallet page', () => {
  it('reads the products new-api sends as JSON text', () => {
    const text = JSON.stringify([{ productId: 'prod_1', name: 'Starter', price: 4.99, currency: 'USD', quota: 2500000 }]);
    expect(parseCreemProducts(text)).toEqual([{ productId: 'prod_1', name: 'Starter', price: 4.99, currency: 'USD', quota: 2500000 }]);
  });

  it('offers nothing for empty, broken or wrongly shaped text', () => {
    expect(parseCreemProducts(undefined)).toEqual([]);
    expect(parseCreemProducts('')).toEqual([]);
    expect(parseCreemProducts('[{')).toEqual([]);
    expect(parseCreemProducts('[{"productId":"p"}]')).toEqual([]);
  });

  it('writes the price with two decimals and its currency', () => {
    expect(creemPriceText({ price: 5, currency: 'EUR' })).toBe('5.00 EUR');
  });
});
