import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatUnixTime } from '../../../lib/format';
import { latencyColor, secondsOf } from '../channel-latency';

/** The last test's response time, coloured by speed (spec 2 §9); the test time in a tooltip. */
export function ChannelResponseTime({ responseTime, testTime }: { responseTime: number; testTime: number }) {
  const { t, i18n } = useTranslation('channels');
  if (!responseTime) return <Tag>{t('latency.untested')}</Tag>;
  const tag = (
    <Tag color={latencyColor(responseTime)} data-testid="channel-response-time">
      {t('latency.seconds', { value: secondsOf(responseTime) })}
    </Tag>
  );
  return testTime ? <Tooltip title={t('latency.testedAt', { time: formatUnixTime(testTime, i18n.language) })}>{tag}</Tooltip> : tag;
}
