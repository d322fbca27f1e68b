import { useEffect, useRef, useState } from 'react';
import { InputNumber } from 'antd';

interface InlineNumberProps {
  value: number;
  min: number;
  label: string;
  /**
   * Called with the new (integer, clamped) value when it differs from `value`, on Enter or blur.
   * Answering false (or a promise of false) puts the old value back, e.g. when a confirmation is declined.
   */
  onCommit: (value: number) => void | boolean | Promise<boolean>;
}

/** A small number box in a table cell that saves when the administrator leaves it or presses Enter. */
export function InlineNumber({ value, min, label, onCommit }: InlineNumberProps) {
  const [draft, setDraft] = useState<number | null>(value);
  // Enter then blur must not save twice.
  const sent = useRef<number | null>(null);
  useEffect(() => {
    setDraft(value);
    sent.current = null;
  }, [value]);
  // Reads the typed text: the box clamps its own state only after blur handlers ran.
  const commit = async (typed: string) => {
    const parsed = typed.trim() === '' ? NaN : Number(typed);
    if (Number.isNaN(parsed)) return setDraft(value);
    const next = Math.max(min, Math.trunc(parsed));
    setDraft(next);
    if (next === value || next === sent.current) return;
    sent.current = next;
    if ((await onCommit(next)) === false) {
      sent.current = null;
      setDraft(value);
    }
  };
  return (
    <InputNumber
      size="small"
      style={{ width: 76 }}
      min={min}
      precision={0}
      value={draft}
      aria-label={label}
      onChange={(v) => setDraft(typeof v === 'number' ? v : null)}
      // The box's handlers sit on its wrapper, so the text is read from the event's target (the input).
      onBlur={(e) => void commit((e.target as HTMLInputElement).value ?? '')}
      onPressEnter={(e) => {
        // Keeps this Enter from also pressing the OK button of a confirmation the commit may open.
        e.preventDefault();
        void commit((e.target as HTMLInputElement).value ?? '');
      }}
    />
  );
}
