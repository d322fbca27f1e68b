import type { ReactNode } from 'react';
import { Button, Flex, Popconfirm } from 'antd';
import { CopyOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';

/** Texts of a batch toolbar, already translated by the feature that uses it. */
export interface BatchToolbarLabels {
  add: string;
  copy: string;
  delete: string;
  deleteTitle: string;
  deleteConfirm: string;
  deleteOk: string;
  /** Shown when a batch action is used with nothing selected. */
  selectFirst: string;
}

/**
 * The labels from a feature namespace that follows the shared key names (actions.add, actions.delete,
 * batch.copy, batch.delete, batch.deleteTitle, batch.deleteConfirm, batch.selectFirst). Feature
 * namespaces type their keys (and the key check covers them), so `t` is typed loosely here.
 */
export function batchToolbarLabels(t: (key: any, options?: any) => string, count: number): BatchToolbarLabels {
  return {
    add: t('actions.add'),
    copy: t('batch.copy', { count }),
    delete: t('batch.delete', { count }),
    deleteTitle: t('batch.deleteTitle'),
    deleteConfirm: t('batch.deleteConfirm', { count }),
    deleteOk: t('actions.delete'),
    selectFirst: t('batch.selectFirst'),
  };
}

interface BatchToolbarProps {
  selectedCount: number;
  labels: BatchToolbarLabels;
  deleting: boolean;
  onAdd: () => void;
  /** Without it there is no copy button (lists whose rows have nothing to copy). */
  onCopy?: () => void;
  onDelete: () => void;
  onNothingSelected: (message: string) => void;
  /** Extra actions after the batch buttons. */
  children?: ReactNode;
}

/** Add, plus copy and delete of the selected rows (delete asks first; nothing selected says so). */
export function BatchToolbar({ selectedCount, labels, deleting, onAdd, onCopy, onDelete, onNothingSelected, children }: BatchToolbarProps) {
  const none = selectedCount === 0;
  const needSelection = () => onNothingSelected(labels.selectFirst);
  return (
    <Flex wrap gap={8}>
      <Button type="primary" icon={<PlusOutlined />} onClick={onAdd}>
        {labels.add}
      </Button>
      {onCopy && (
        <Button icon={<CopyOutlined />} onClick={none ? needSelection : onCopy}>
          {labels.copy}
        </Button>
      )}
      {none ? (
        <Button danger icon={<DeleteOutlined />} onClick={needSelection}>
          {labels.delete}
        </Button>
      ) : (
        <Popconfirm title={labels.deleteTitle} description={labels.deleteConfirm} okText={labels.deleteOk} okButtonProps={{ danger: true }} onConfirm={onDelete}>
          <Button danger icon={<DeleteOutlined />} loading={deleting}>
            {labels.delete}
          </Button>
        </Popconfirm>
      )}
      {children}
    </Flex>
  );
}
