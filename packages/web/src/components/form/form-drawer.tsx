import { Button, Drawer, Space, type DrawerProps } from 'antd';

interface FormDrawerProps extends Omit<DrawerProps, 'extra' | 'onClose'> {
  onClose: () => void;
  cancelLabel: string;
  submitLabel: string;
  submitting: boolean;
  onSubmit: () => void;
  /** The submit button's data-testid (browser tests press it). */
  submitTestId: string;
}

/** A drawer around a form, with Cancel and the primary submit button in its header. */
export function FormDrawer({ onClose, cancelLabel, submitLabel, submitting, onSubmit, submitTestId, children, ...drawer }: FormDrawerProps) {
  return (
    <Drawer
      {...drawer}
      onClose={onClose}
      extra={
        <Space>
          <Button onClick={onClose}>{cancelLabel}</Button>
          <Button type="primary" loading={submitting} onClick={onSubmit} data-testid={submitTestId}>
            {submitLabel}
          </Button>
        </Space>
      }
    >
      {children}
    </Drawer>
  );
}
