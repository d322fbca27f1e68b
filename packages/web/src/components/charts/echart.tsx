import { useEffect, useRef } from 'react';
import * as echarts from 'echarts/core';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { DataZoomComponent, GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';

echarts.use([BarChart, LineChart, PieChart, GridComponent, LegendComponent, TooltipComponent, DataZoomComponent, CanvasRenderer]);

export type EChartOption = echarts.EChartsCoreOption;

interface EChartProps {
  option: EChartOption;
  dark: boolean;
  height?: number;
  testId?: string;
}

/**
 * One ECharts instance bound to a div: re-created when the theme changes (ECharts themes are fixed at
 * init), updated in place when the option changes, resized with its container, disposed on unmount.
 */
export function EChart({ option, dark, height = 320, testId }: EChartProps) {
  const ref = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const instance = echarts.init(el, dark ? 'dark' : undefined, { renderer: 'canvas' });
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(el);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, [dark]);

  useEffect(() => {
    chart.current?.setOption({ backgroundColor: 'transparent', ...option }, { notMerge: true });
  }, [option, dark]);

  return <div ref={ref} style={{ width: '100%', height }} data-testid={testId} />;
}
