import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';

/** Picks a period (or "No limit") in the spending-limit select of an open drawer. */
export async function choosePeriod(page: Page, drawer: Locator, period: string): Promise<void> {
  await drawer.getByLabel('Spending limit per period').click();
  await page.locator('.ant-select-item-option', { hasText: period }).click();
  await page.keyboard.press('Escape');
}

/**
 * Sets a new spending limit in an open drawer that has none: the amount is asked for only once a period is
 * chosen, is required on submit, and shows what it equals (`equals`, e.g. "Equals $2.00"). Leaves the form
 * ready to submit.
 */
export async function enterNewSpendingLimit(page: Page, drawer: Locator, submit: Locator, period: string, amount: number, equals: string): Promise<void> {
  await expect(drawer.getByLabel('Limit per period', { exact: true }).count()).resolves.toBe(0);
  await choosePeriod(page, drawer, period);
  const input = drawer.getByLabel('Limit per period', { exact: true });
  await input.fill('0');
  await submit.click();
  await drawer.getByText('Please enter the limit per period').waitFor();
  await input.fill(String(amount));
  await drawer.getByText(equals, { exact: true }).waitFor();
}
