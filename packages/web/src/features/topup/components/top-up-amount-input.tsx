import { InputNumber } from 'antd';

/** A whole number of dollars to top up, at least 1 (the amount the payment calls take). */
export function TopUpAmountInput({ value, onChange, label }: { value: number; onChange: (amount: number) => void; label: string }) {
  return (
    <InputNumber min={1} precision={0} value={value} onChange={(v) => onChange(Math.max(1, Math.trunc(Number(v) || 1)))} prefix="$" style={{ width: 160 }} aria-label={label} />
  );
}
