import { describe, expect, it } from 'vitest';
import { creemProductsProblem } from './creem-products-field';

const product = { productId: 'prod_1', name: 'Starter', price: 4.99, currency: 'USD', quota: 2500000 };

describe('CreemProducts field', () => {
  it('accepts a product list, and [] for no products', () => {
    expect(creemProductsProblem(JSON.stringify([product]))).toBeNull();
    expect(creemProductsProblem('[]')).toBeNull();
  });

  it('names the product and field that is wrong', () => {
    expect(creemProductsProblem('[{')).toBe('not valid JSON');
    expect(creemProductsProblem('')).toBe('not valid JSON');
    expect(creemProductsProblem('{}')).toBe('must be a JSON list of products');
    expect(creemProductsProblem(JSON.stringify([product, { ...product, productId: 'prod_2', quota: 0 }]))).toBe('product 2 (quota): quota must be above 0');
    expect(creemProductsProblem(JSON.stringify([product, product]))).toBe('product 2 (productId): productId prod_1 is listed twice');
  });
});
