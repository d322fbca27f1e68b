import type { ReactNode } from 'react';
import { App, Button, Flex, Form, Typography } from 'antd';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { notifySuccess } from '../../../../lib/notify';

interface ClearableCacheFieldProps<S> {
  label: string;
  help: string;
  stats: UseQueryResult<S>;
  /** The figures as one line (shown once they are read). */
  summary: (stats: S) => ReactNode;
  /** Shown after the line, such as a tag per rule. */
  extra?: (stats: S) => ReactNode;
  clear: UseMutationResult<number, Error, void>;
  texts: { unavailable: string; refresh: string; clear: string; confirmTitle: string; confirmContent: string; cleared: (count: number) => string };
  /** Test ids `<testId>-stats` and `<testId>-clear`. */
  testId: string;
}

/** A cache's figures with a refresh button, and a button that clears it after a confirmation. */
export function ClearableCacheField<S>({ label, help, stats, summary, extra, clear, texts, testId }: ClearableCacheFieldProps<S>) {
  const { modal } = App.useApp();
  const start = () =>
    modal.confirm({
      title: texts.confirmTitle,
      content: texts.confirmContent,
      okButtonProps: { danger: true },
      onOk: () => clear.mutateAsync().then((count) => notifySuccess(texts.cleared(count))),
    });

  return (
    <Form.Item label={label} extra={help}>
      <Flex gap="small" wrap align="center">
        <Typography.Text data-testid={`${testId}-stats`}>{stats.data ? summary(stats.data) : stats.isError ? texts.unavailable : '…'}</Typography.Text>
        {stats.data && extra?.(stats.data)}
        <Button onClick={() => void stats.refetch()} loading={stats.isFetching}>
          {texts.refresh}
        </Button>
        <Button danger onClick={start} loading={clear.isPending} data-testid={`${testId}-clear`}>
          {texts.clear}
        </Button>
      </Flex>
    </Form.Item>
  );
}
