import { useCallback, useEffect, useState } from 'react';

/** Seconds left of a resend countdown (spec 1 §4: 60 s after a code is sent), and a way to start one. */
export function useCountdown(): [number, (seconds: number) => void] {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft(left - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  return [left, useCallback((seconds: number) => setLeft(seconds), [])];
}
