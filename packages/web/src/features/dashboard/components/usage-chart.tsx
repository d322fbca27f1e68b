import { useMemo, useState } from 'react';
import { Card, Col, Empty, Row, Segmented } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { QuotaDataRow } from '@gw/contracts';
import { EChart, type EChartOption } from '../../../components/charts/echart';
import { shortenNumber } from '../../../lib/format';
import { useThemeMode } from '../../../theme/theme-mode';
import { useQuotaFormatter } from '../../status/use-quota-formatter';
import { buildSeries, METRICS, type Granularity, type Metric } from '../usage-series';

const LABEL_FORMAT: Record<Granularity, string> = { hour: 'MM-DD HH:00', day: 'YYYY-MM-DD', week: 'YYYY-MM-DD' };

interface UsageChartProps {
  rows: QuotaDataRow[];
  granularity: Granularity;
  range: [number, number];
}

/** Quota, requests or tokens over time, stacked by model, with each model's share beside it (ECharts). */
export function UsageChart({ rows, granularity, range }: UsageChartProps) {
  const { t } = useTranslation('dashboard');
  const { mode } = useThemeMode();
  const formatQuota = useQuotaFormatter();
  const [metric, setMetric] = useState<Metric>('quota');
  const data = useMemo(() => buildSeries(rows, granularity, metric, range), [rows, granularity, metric, range]);
  const format = (v: number) => (metric === 'quota' ? formatQuota(v) : shortenNumber(v));

  const timeOption: EChartOption = {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, valueFormatter: (v: unknown) => format(Number(v)) },
    legend: { type: 'scroll', top: 0 },
    grid: { left: 8, right: 8, top: 40, bottom: 8, containLabel: true },
    xAxis: { type: 'category', data: data.buckets.map((b) => dayjs.unix(b).format(LABEL_FORMAT[granularity])) },
    yAxis: { type: 'value', axisLabel: { formatter: (v: number) => format(v) } },
    series: data.series.map((s) => ({ name: s.model, type: 'bar', stack: 'usage', data: s.values, emphasis: { focus: 'series' } })),
  };
  const shareOption: EChartOption = {
    tooltip: { trigger: 'item', valueFormatter: (v: unknown) => format(Number(v)) },
    series: [{ type: 'pie', radius: ['40%', '70%'], data: data.series.map((s) => ({ name: s.model, value: s.total })), label: { show: false } }],
  };

  return (
    <Card
      title={t(`metrics.${metric}`)}
      extra={<Segmented<Metric> size="small" value={metric} onChange={setMetric} options={METRICS.map((m) => ({ value: m, label: t(`metrics.${m}`) }))} />}
    >
      {data.series.length === 0 ? (
        <Empty description={t('empty')} />
      ) : (
        <Row gutter={[16, 16]}>
          <Col xs={24} lg={16}>
            <EChart option={timeOption} dark={mode === 'dark'} height={340} testId="usage-chart" />
          </Col>
          <Col xs={24} lg={8}>
            <EChart option={shareOption} dark={mode === 'dark'} height={340} testId="usage-share" />
          </Col>
        </Row>
      )}
    </Card>
  );
}
