import type { TooltipItem } from 'chart.js';
import { Bar } from 'react-chartjs-2';
import './register';

export interface OhlcCandle {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
}

const UP = '#16c784';
const DOWN = '#ea3943';

/**
 * A K-line (candlestick) chart in plain chart.js: two floating-bar datasets on the same category
 * axis, not grouped side by side: a thin bar from low to high (the wick) and a wide bar from open to
 * close (the body), green when the candle closed at or above its open.
 */
export function CandleChart({
  candles,
  label,
  labels,
}: {
  candles: OhlcCandle[];
  /** Axis label of each candle (its formatted open time). */
  label: (time: number) => string;
  /** Tooltip names of open, high, low, close. */
  labels: { open: string; high: string; low: string; close: string };
}) {
  const colors = candles.map((c) => (c.close >= c.open ? UP : DOWN));
  const tooltipLines = (item: TooltipItem<'bar'>) => {
    const c = candles[item.dataIndex];
    if (!c || item.datasetIndex !== 1) return [];
    return [
      `${labels.open} ${c.open}`,
      `${labels.high} ${c.high}`,
      `${labels.low} ${c.low}`,
      `${labels.close} ${c.close}`,
    ];
  };
  return (
    <Bar
      data={{
        labels: candles.map((c) => label(c.time)),
        datasets: [
          {
            data: candles.map((c) => [c.low, c.high] as [number, number]),
            backgroundColor: colors,
            barThickness: 1,
            grouped: false,
          },
          {
            data: candles.map(
              (c) => [Math.min(c.open, c.close), Math.max(c.open, c.close)] as [number, number],
            ),
            backgroundColor: colors,
            barPercentage: 0.7,
            categoryPercentage: 1,
            // A new instrument or a short period has a few candles: bodies as wide as candles, not
            // blocks that fill the chart.
            maxBarThickness: 14,
            minBarLength: 1,
            grouped: false,
          },
        ],
      }}
      options={{
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        interaction: { mode: 'index', intersect: false },
        plugins: {
          legend: { display: false },
          tooltip: {
            displayColors: false,
            filter: (item) => item.datasetIndex === 1,
            callbacks: { label: tooltipLines },
          },
        },
        scales: {
          x: {
            ticks: { color: '#8d98a8', maxRotation: 0, autoSkipPadding: 16 },
            grid: { display: false },
          },
          y: {
            position: 'right',
            beginAtZero: false,
            ticks: { color: '#8d98a8' },
            grid: { color: 'rgba(141,152,168,0.12)' },
          },
        },
      }}
    />
  );
}
