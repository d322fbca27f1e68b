import { describe, expect, it } from 'vitest';
import { numberFieldError, parseNumberText, parsePricingForm, pricingToForm, syncPerTokenFields, type PricingFormValues } from './pricing-form';

const blank = pricingToForm();

describe('number text', () => {
  it('accepts plain and exponent numbers and refuses anything else', () => {
    expect(parseNumberText(' 1.5 ')).toEqual({ kind: 'number', value: 1.5 });
    expect(parseNumberText('.5')).toEqual({ kind: 'number', value: 0.5 });
    expect(parseNumberText('2e-3')).toEqual({ kind: 'number', value: 0.002 });
    expect(parseNumberText('abc')).toEqual({ kind: 'invalid' });
    expect(parseNumberText('0x10')).toEqual({ kind: 'invalid' });
    expect(parseNumberText('')).toEqual({ kind: 'empty' });
  });

  it('names the field error', () => {
    expect(numberFieldError('', { required: true, positive: true })).toBe('required');
    expect(numberFieldError('', { required: false, positive: true })).toBeNull();
    expect(numberFieldError('x', { required: false, positive: false })).toBe('notNumber');
    expect(numberFieldError('0', { required: true, positive: true })).toBe('zero');
    expect(numberFieldError('-1', { required: true, positive: false })).toBe('negative');
  });
});

describe('parsePricingForm', () => {
  it('turns per-token prices into a ratio (price / 2) and completion ratio (output / input)', () => {
    const v: PricingFormValues = { ...blank, inputPrice: '3', outputPrice: '12' };
    expect(parsePricingForm(v)).toEqual({ ok: true, pricing: { mode: 'per-token', ratio: 1.5, completionRatio: 4 } });
  });

  it('takes ratios as they are and leaves the completion ratio out when blank', () => {
    const v: PricingFormValues = { ...blank, inputMode: 'ratio', ratio: '0.075' };
    expect(parsePricingForm(v)).toEqual({ ok: true, pricing: { mode: 'per-token', ratio: 0.075, completionRatio: undefined } });
  });

  it('refuses a fixed price of 0 and text that is not a number', () => {
    expect(parsePricingForm({ ...blank, mode: 'per-request', price: '0' })).toEqual({ ok: false, errors: { price: 'zero' } });
    expect(parsePricingForm({ ...blank, inputPrice: 'cheap' })).toEqual({ ok: false, errors: { inputPrice: 'notNumber' } });
    expect(parsePricingForm({ ...blank, mode: 'per-request', price: '0.04' })).toEqual({ ok: true, pricing: { mode: 'per-request', price: 0.04 } });
  });

  it('needs both values for a batch set', () => {
    expect(parsePricingForm({ ...blank, inputMode: 'ratio', ratio: '1' }, { requireBoth: true })).toEqual({ ok: false, errors: { completionRatio: 'required' } });
    expect(parsePricingForm({ ...blank, inputPrice: '1' }, { requireBoth: true })).toEqual({ ok: false, errors: { outputPrice: 'required' } });
  });
});

describe('form helpers', () => {
  it('fills both spellings from an existing row', () => {
    expect(pricingToForm({ mode: 'per-token', ratio: 1.25, completionRatio: 4 })).toMatchObject({ ratio: '1.25', completionRatio: '4', inputPrice: '2.5', outputPrice: '10' });
    expect(pricingToForm({ mode: 'per-request', price: 0.04 })).toMatchObject({ mode: 'per-request', price: '0.04', ratio: '' });
  });

  it('keeps ratios and prices in step while typing', () => {
    expect(syncPerTokenFields('inputPrice', { ...blank, inputPrice: '3', outputPrice: '12' })).toEqual({ ratio: '1.5', completionRatio: '4' });
    expect(syncPerTokenFields('ratio', { ...blank, ratio: '0.5', completionRatio: '' })).toEqual({ inputPrice: '1', outputPrice: '' });
    expect(syncPerTokenFields('ratio', { ...blank, ratio: 'x' })).toEqual({});
  });
});
