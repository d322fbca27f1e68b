import type { FetchPolicy } from '../platform/fetch-guard/fetch-policy.js';
import type { OptionsService } from './options.service.js';

/** The fetch_setting.* options as the fetch guard's policy (read at the moment of each call). */
export function fetchPolicyOf(options: OptionsService): FetchPolicy {
  return {
    enabled: options.get('fetch_setting.enable_ssrf_protection'),
    allowPrivateIp: options.get('fetch_setting.allow_private_ip'),
    domainAllowList: options.get('fetch_setting.domain_filter_mode'),
    domains: options.get('fetch_setting.domain_list'),
    ipAllowList: options.get('fetch_setting.ip_filter_mode'),
    ips: options.get('fetch_setting.ip_list'),
    ports: options.get('fetch_setting.allowed_ports'),
    ipFilterForDomains: options.get('fetch_setting.apply_ip_filter_for_domain'),
  };
}
