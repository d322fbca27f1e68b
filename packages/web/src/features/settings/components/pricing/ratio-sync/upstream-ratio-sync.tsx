import { useState } from 'react';
import { Flex } from 'antd';
import type { RatioSyncResult } from '@gw/contracts';
import { withoutApplied, type SyncChoices } from '../../../pricing/ratio-sync/sync-choices';
import { ExposeRatioSection } from './expose-ratio-section';
import { SyncDifferencesCard } from './sync-differences-card';
import { SyncSourcesCard } from './sync-sources-card';
import { SyncTestResults } from './sync-test-results';

/** The pricing block's "Upstream ratio sync" tab: ratio exposure, then fetch, compare and apply (new-api's page). */
export function UpstreamRatioSync({ options }: { options: Record<string, string> }) {
  const [result, setResult] = useState<RatioSyncResult | null>(null);
  const [choices, setChoices] = useState<SyncChoices>({});
  const fetched = (next: RatioSyncResult) => {
    setResult(next);
    setChoices({});
  };
  const applied = (done: SyncChoices) => {
    setResult((r) => (r ? { ...r, differences: withoutApplied(r.differences, done) } : r));
    setChoices({});
  };

  // Nothing compared when every upstream failed: the table keeps its "fetch first" text.
  const anyRead = result?.test_results.some((r) => r.status === 'success') ?? false;

  return (
    <Flex vertical gap={16}>
      <ExposeRatioSection options={options} />
      <SyncSourcesCard onFetched={fetched} />
      {result && <SyncTestResults results={result.test_results} />}
      <SyncDifferencesCard options={options} differences={result && anyRead ? result.differences : null} choices={choices} onChoicesChange={setChoices} onApplied={applied} />
    </Flex>
  );
}
