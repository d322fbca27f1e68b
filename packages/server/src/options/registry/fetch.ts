import { z } from 'zod';
import { domainEntryProblem, ipEntryProblem, portEntryProblem } from '../../platform/fetch-guard/fetch-policy.js';
import { bool, json } from '../option-def.js';

/** A JSON list of strings, each checked by `problem` (which names the entry). */
const entryList = (d: string[], problem: (entry: string) => string | null) =>
  json<string[]>(
    d,
    z
      .array(z.union([z.string(), z.number()], { error: 'must be a string' }).transform(String), { error: 'must be a JSON list of strings' })
      .max(1000, 'must have at most 1000 entries')
      .superRefine((entries, ctx) => {
        entries.forEach((entry, i) => {
          const found = problem(entry);
          if (found) ctx.addIssue({ code: 'custom', path: [i], message: found });
        });
      }),
  );

/**
 * SSRF protection for server-side fetches of administrator- or user-supplied URLs (new-api's
 * fetch_setting.*, stored as new-api stores them). Filter modes: true = allow-list, false = block-list.
 */
export const fetchOptions = {
  'fetch_setting.enable_ssrf_protection': bool(true),
  'fetch_setting.allow_private_ip': bool(false),
  'fetch_setting.domain_filter_mode': bool(false),
  'fetch_setting.domain_list': entryList([], domainEntryProblem),
  'fetch_setting.ip_filter_mode': bool(false),
  'fetch_setting.ip_list': entryList([], ipEntryProblem),
  'fetch_setting.allowed_ports': entryList(['80', '443', '8080', '8443'], portEntryProblem),
  'fetch_setting.apply_ip_filter_for_domain': bool(true),
};
