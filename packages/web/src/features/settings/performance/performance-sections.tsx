import { Card, Col, Descriptions, Flex, Progress, Row, Tag, type DescriptionsProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PerformanceStats } from '@gw/contracts';
import { formatUnixTime } from '../../../lib/format';
import { formatBytes, formatDuration, formatMs, formatShare, heapPercent, resourceTypes } from './performance-format';

const KNOWN_CACHES = ['options', 'channels', 'channel_routes', 'api_keys', 'channel_affinity', 'response_cache'] as const;
const isKnownCache = (name: string): name is (typeof KNOWN_CACHES)[number] => (KNOWN_CACHES as readonly string[]).includes(name);

function Section({ title, items, testId }: { title: string; items: DescriptionsProps['items']; testId: string }) {
  return (
    <Card size="small" title={title} data-testid={testId} style={{ height: '100%' }}>
      <Descriptions size="small" column={1} items={items} />
    </Card>
  );
}

/** The figures of GET /api/performance/stats, one card per area. */
export function PerformanceSections({ stats }: { stats: PerformanceStats }) {
  const { t, i18n } = useTranslation('performance');
  const units = { day: t('units.day'), hour: t('units.hour'), minute: t('units.minute'), second: t('units.second') };
  const { process: proc, memory_stats: memory, event_loop: loop, cpu, gc, database, redis } = stats;
  const delay = loop.delay_ms;

  const sections: { key: string; title: string; items: DescriptionsProps['items'] }[] = [
    {
      key: 'process',
      title: t('process.title'),
      items: [
        { key: 'pid', label: t('process.pid'), children: proc.pid },
        { key: 'worker', label: t('process.worker'), children: proc.worker_id ?? t('process.singleProcess') },
        { key: 'node', label: t('process.node'), children: proc.node_version },
        { key: 'platform', label: t('process.platform'), children: `${proc.platform} / ${proc.arch}` },
        { key: 'uptime', label: t('process.uptime'), children: formatDuration(proc.uptime_seconds, units, t('units.separator')) },
        { key: 'started', label: t('process.startedAt'), children: formatUnixTime(proc.started_at, i18n.language) },
      ],
    },
    {
      key: 'memory',
      title: t('memory.title'),
      items: [
        { key: 'rss', label: t('memory.rss'), children: formatBytes(memory.rss) },
        {
          key: 'heap',
          label: t('memory.heap'),
          children: (
            <Flex vertical style={{ width: '100%' }}>
              {`${formatBytes(memory.heap_used)} / ${formatBytes(memory.heap_total)}`}
              <Progress percent={heapPercent(memory.heap_used, memory.heap_limit)} size="small" />
            </Flex>
          ),
        },
        { key: 'limit', label: t('memory.heapLimit'), children: formatBytes(memory.heap_limit) },
        { key: 'external', label: t('memory.external'), children: formatBytes(memory.external) },
        { key: 'buffers', label: t('memory.arrayBuffers'), children: formatBytes(memory.array_buffers) },
      ],
    },
    {
      key: 'event-loop',
      title: t('eventLoop.title'),
      items: [
        { key: 'delay', label: t('eventLoop.delay'), children: [delay.p50, delay.p90, delay.p99].map(formatMs).join(' / ') },
        { key: 'max', label: t('eventLoop.delayMax'), children: `${formatMs(delay.mean)} / ${formatMs(delay.max)}` },
        { key: 'busy', label: t('eventLoop.utilization'), children: formatShare(loop.utilization) },
        { key: 'samples', label: t('eventLoop.samples'), children: loop.samples },
        {
          key: 'resources',
          label: t('eventLoop.resources'),
          children: (
            <Flex gap={4} wrap>
              <Tag color="blue">{loop.active_resources.total}</Tag>
              {resourceTypes(loop.active_resources.by_type).map(([type, n]) => (
                <Tag key={type}>{`${type}: ${n}`}</Tag>
              ))}
            </Flex>
          ),
        },
      ],
    },
    {
      key: 'cpu',
      title: t('cpu.title'),
      items: [
        { key: 'percent', label: t('cpu.percent'), children: `${cpu.percent.toFixed(1)}%` },
        { key: 'user', label: t('cpu.user'), children: t('cpu.seconds', { value: cpu.user_seconds.toFixed(2) }) },
        { key: 'system', label: t('cpu.system'), children: t('cpu.seconds', { value: cpu.system_seconds.toFixed(2) }) },
        { key: 'cores', label: t('cpu.cores'), children: cpu.cores },
      ],
    },
    {
      key: 'gc',
      title: t('gc.title'),
      items: [
        { key: 'exposed', label: t('gc.onDemand'), children: gc.exposed ? t('gc.exposed') : t('gc.notExposed') },
        { key: 'count', label: t('gc.count'), children: gc.count },
        { key: 'pause', label: t('gc.pause'), children: formatMs(gc.pause_ms) },
      ],
    },
    {
      key: 'caches',
      title: t('caches.title'),
      items: stats.caches.map((c) => ({ key: c.name, label: isKnownCache(c.name) ? t(`caches.${c.name}`) : c.name, children: c.entries })),
    },
    {
      key: 'storage',
      title: t('database.title'),
      items: [
        { key: 'type', label: t('database.type'), children: t(`database.${database.dialect}`) },
        { key: 'pool', label: t('database.pool'), children: database.pool ? `${database.pool.total} / ${database.pool.idle} / ${database.pool.waiting}` : t('database.unknownPool') },
        {
          key: 'redis',
          label: t('redis.title'),
          children: !redis.configured ? t('redis.notConfigured') : redis.connected ? t('redis.connected') : t('redis.disconnected', { status: redis.status }),
        },
        { key: 'disk', label: t('diskCache.title'), children: t('diskCache.none') },
      ],
    },
  ];

  return (
    <Row gutter={[16, 16]}>
      {sections.map((s) => (
        <Col key={s.key} xs={24} lg={12} xxl={8}>
          <Section title={s.title} items={s.items} testId={`performance-${s.key}`} />
        </Col>
      ))}
    </Row>
  );
}
