import type { GatewayForm } from './api/topup.api';

/** Sends the browser to the payment gateway: an HTML form post of the signed fields, as EPay expects. */
export function postToGateway({ url, params }: GatewayForm, doc: Document = document): void {
  const form = doc.createElement('form');
  form.method = 'POST';
  form.action = url;
  form.style.display = 'none';
  for (const [name, value] of Object.entries(params)) {
    const input = doc.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.append(input);
  }
  doc.body.append(form);
  form.submit();
}

/** The amount the wallet offers to pay: whole currency units, at least 1 (spec 3 §5) and at least the minimum. */
export function amountProblem(amount: number, minTopUp: number): 'belowMinimum' | null {
  return Math.max(1, Math.trunc(amount)) < minTopUp ? 'belowMinimum' : null;
}
