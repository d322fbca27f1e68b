import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { readString, StorageKey, writeString } from '../lib/storage';
import type { ThemeMode } from './tokens';

interface ThemeModeValue {
  mode: ThemeMode;
  setMode: (mode: ThemeMode) => void;
  toggle: () => void;
}

const ThemeModeContext = createContext<ThemeModeValue | null>(null);

function initialMode(): ThemeMode {
  return readString(StorageKey.themeMode) === 'dark' ? 'dark' : 'light';
}

/** Applies the mode to the document (data-theme, body class) so plain CSS and embedded frames follow it. */
function applyToDocument(mode: ThemeMode) {
  document.documentElement.dataset.theme = mode;
  document.documentElement.style.colorScheme = mode;
  document.body.classList.toggle('dark', mode === 'dark');
  for (const frame of Array.from(document.querySelectorAll('iframe'))) {
    try {
      frame.contentWindow?.postMessage({ themeMode: mode }, window.location.origin);
    } catch {
      // A frame from another origin simply keeps its own theme.
    }
  }
}

export function ThemeModeProvider({ children }: { children: ReactNode }) {
  const [mode, setModeState] = useState<ThemeMode>(initialMode);
  useEffect(() => applyToDocument(mode), [mode]);
  const setMode = useCallback((next: ThemeMode) => {
    writeString(StorageKey.themeMode, next);
    setModeState(next);
  }, []);
  const value = useMemo(
    () => ({ mode, setMode, toggle: () => setMode(mode === 'dark' ? 'light' : 'dark') }),
    [mode, setMode],
  );
  return <ThemeModeContext.Provider value={value}>{children}</ThemeModeContext.Provider>;
}

export function useThemeMode(): ThemeModeValue {
  const value = useContext(ThemeModeContext);
  if (!value) throw new Error('useThemeMode must be used inside ThemeModeProvider');
  return value;
}
