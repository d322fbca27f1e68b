import { describe, expect, it } from 'vitest';
import { ApplicationBody } from '@gw/contracts';
import { applicationToValues, defaultPackageAddress, newApplicationValues, PACKAGE_DOWNLOAD_BASE_URL, valuesToApplicationBody } from './application-form';
import { sha256Hex } from './sha256';

describe('default package address', () => {
  it('asks for the name first, then the version, with the spec messages', () => {
    expect(defaultPackageAddress(' ', '1.0.0', 0)).toEqual({ ok: false, field: 'name', message: '应用名称不能为空' });
    expect(defaultPackageAddress('weather', '', 0)).toEqual({ ok: false, field: 'version', message: '版本号不能为空' });
  });

  it('builds base/name/name-version-hash12.dxt from the trimmed name and version', () => {
    const hash = sha256Hex('weather:1.2.0:1700000000000').slice(0, 12);
    expect(defaultPackageAddress(' weather ', ' 1.2.0 ', 1_700_000_000_000)).toEqual({
      ok: true,
      url: `${PACKAGE_DOWNLOAD_BASE_URL}/weather/weather-1.2.0-${hash}.dxt`,
    });
    expect(hash).toMatch(/^[0-9a-f]{12}$/);
  });

  it('gives a new address for each click and escapes unsafe characters', () => {
    const a = defaultPackageAddress('w', '1', 1);
    const b = defaultPackageAddress('w', '1', 2);
    expect(a.ok && b.ok && a.url !== b.url).toBe(true);
    const odd = defaultPackageAddress('my app', '1.0', 1);
    expect(odd.ok && odd.url.startsWith(`${PACKAGE_DOWNLOAD_BASE_URL}/my%20app/my%20app-1.0-`)).toBe(true);
  });
});

describe('application form mapping', () => {
  it('starts as an MCP tool with rank 0', () => {
    expect(newApplicationValues()).toMatchObject({ type: 'conversation-tool', rank: 0, app_groups: [], keywords: [] });
  });

  it('trims the texts, makes rank an integer (0 when empty) and drops blank keywords; the contract accepts it', () => {
    const body = valuesToApplicationBody({
      ...newApplicationValues(), name: ' weather ', display_name: ' Weather ', version: ' 1.0 ', dxt_url: ' https://x/y.dxt ',
      rank: null, keywords: ['sun', ' ', 'sun', 'rain'], app_groups: ['vip'],
    });
    expect(body).toMatchObject({ name: 'weather', display_name: 'Weather', version: '1.0', dxt_url: 'https://x/y.dxt', rank: 0, keywords: ['sun', 'rain'], app_groups: ['vip'] });
    expect(valuesToApplicationBody({ ...newApplicationValues(), rank: 7.9 }).rank).toBe(7);
    expect(ApplicationBody.safeParse(body).success).toBe(true);
  });

  it('round-trips an application', () => {
    const app = {
      id: 1, name: 'n', display_name: 'N', version: '1', dxt_url: 'u', description: 'd', homepage: 'h', type: 'webview' as const,
      rank: 3, app_groups: ['default'], keywords: ['k'], created_at: 0,
    };
    expect(valuesToApplicationBody(applicationToValues(app))).toEqual({
      name: 'n', display_name: 'N', version: '1', dxt_url: 'u', description: 'd', homepage: 'h', type: 'webview', rank: 3, app_groups: ['default'], keywords: ['k'],
    });
  });
});
