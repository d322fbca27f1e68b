import { PrefillGroupsCard } from '../components/prefill-groups-card';

/** /prefill-group (admin): new-api's prefill groups, reached from the channels page and the channel editor. */
export function PrefillGroupsPage() {
  return <PrefillGroupsCard />;
}
