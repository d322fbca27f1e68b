import { Flex } from 'antd';
import { ModelHubAdmin } from './model-hub/model-hub-admin';
import { VisualRatioEditor } from './pricing/visual-ratio-editor';

/** The "visual" tab: the model pricing table and the model hub list shown on /model-hub. */
export function VisualSettings({ options }: { options: Record<string, string> }) {
  return (
    <Flex vertical gap={16}>
      <VisualRatioEditor options={options} />
      <ModelHubAdmin options={options} />
    </Flex>
  );
}
