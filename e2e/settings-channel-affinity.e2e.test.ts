import { describe, expect, it } from 'vitest';
import { signIn, waitForPath, withNotice } from './support/browser';
import { pageApi } from './support/page-api';
import { useRootSite } from './support/server';

const ROOT = { username: 'rootadmin', password: 'root-pass-123' };

/** The channel affinity card of the operation settings: JSON checks, the server's refusal, saving, the cache line. */
describe('channel affinity settings', () => {
  const site = useRootSite(ROOT);

  it('checks the rules, shows the server refusal, saves them and clears the cache', async () => {
    const context = await site.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signIn(page, site.server.baseUrl, ROOT.username, ROOT.password, '/setting?tab=operation');
    await waitForPath(page, '/setting');
    // A retry starts again from the defaults an earlier attempt may have saved over.
    const reset = await pageApi(page, 'PUT', '/api/option/', [
      { key: 'channel_affinity_setting.enabled', value: 'false' },
      { key: 'channel_affinity_setting.rules', value: '[]' },
    ]);
    expect(reset.success, reset.message).toBe(true);
    await page.reload();
    const card = page.getByTestId('settings-channel-affinity');
    const rules = card.getByLabel('Rules (JSON)');
    const save = card.getByRole('button', { name: 'Save' });
    const optionValue = async (key: string) => (await pageApi<{ key: string; value: string }[]>(page, 'GET', '/api/option/')).data.find((o) => o.key === key)?.value;

    await expect(rules.inputValue()).resolves.toBe('[]');
    await rules.fill('{"name": "codex"}');
    await card.getByLabel('How long a key is kept (seconds)').focus();
    await card.getByText('The rules must be a JSON array').waitFor();
    await withNotice(page, 'Please check your input', () => save.click(), 'error');

    // A pattern only the server can judge: its message comes back in the notice.
    await rules.fill('[{"name": "codex", "model_regex": ["gpt-(4"], "key_sources": [{"type": "gjson", "path": "prompt_cache_key"}]}]');
    await withNotice(page, /channel_affinity_setting\.rules\.0\.model_regex\.0 is not a valid regular expression/, () => save.click(), 'error');
    expect(await optionValue('channel_affinity_setting.rules')).toBe('[]');

    await rules.fill('[{"name": "codex", "model_regex": ["^gpt-"], "key_sources": [{"type": "gjson", "path": "prompt_cache_key"}], "include_rule_name": true}]');
    await card.getByLabel('Send requests that share a key back to the channel that served it').check();
    await withNotice(page, 'Saved successfully', () => save.click(), 'success');
    expect(await optionValue('channel_affinity_setting.enabled')).toBe('true');
    expect(JSON.parse((await optionValue('channel_affinity_setting.rules'))!)).toMatchObject([{ name: 'codex', include_rule_name: true }]);

    await card.getByRole('button', { name: 'Refresh' }).click();
    await card.getByTestId('channel-affinity-stats').getByText('0 keys (up to 100000 per process)').waitFor();
    await card.getByText('codex: 0').waitFor();
    await card.getByTestId('channel-affinity-clear').click();
    await page.getByRole('dialog').locator('.ant-modal-confirm-title', { hasText: 'Clear the channel affinity cache?' }).waitFor();
    await withNotice(page, 'Cleared 0 keys', () => page.getByRole('dialog').getByRole('button', { name: 'OK' }).click(), 'success');
    await context.close();
  });
});
