import {
  BarElement,
  CategoryScale,
  Chart,
  Filler,
  Legend,
  LinearScale,
  LineElement,
  PointElement,
  Tooltip,
  type Plugin,
} from 'chart.js';

/**
 * The labels the x axis drew, with their extents in CSS pixels, on the canvas (`data-x-labels`,
 * JSON [{label, left, right}]): what a reader of the page (and the browser tests) can check the
 * axis by, as the canvas itself holds only pixels.
 */
const axisLabels: Plugin = {
  id: 'swxAxisLabels',
  afterDraw(chart) {
    const scale = chart.scales.x;
    if (!scale) return;
    const { ctx } = chart;
    ctx.save();
    const drawn = scale.getLabelItems().map((item) => {
      ctx.font = item.font.string;
      const lines = Array.isArray(item.label) ? item.label.map(String) : [String(item.label)];
      const width = Math.max(...lines.map((l) => ctx.measureText(l).width));
      const [x] = item.options.translation ?? [0, 0];
      const rotated = Math.abs(item.options.rotation ?? 0) > 0.01;
      const left =
        item.options.textAlign === 'left'
          ? x
          : item.options.textAlign === 'right'
            ? x - width
            : x - width / 2;
      return { label: lines.join(' '), left: Math.round(left), right: Math.round(left + width), rotated };
    });
    ctx.restore();
    chart.canvas.dataset.xLabels = JSON.stringify(drawn);
  },
};

// The pieces of chart.js the dashboard draws with (tree-shaken: only these are bundled).
Chart.register(
  CategoryScale,
  LinearScale,
  PointElement,
  LineElement,
  BarElement,
  Filler,
  Legend,
  Tooltip,
  axisLabels,
);

export const COLORS = {
  deposits: '#2e7d32',
  withdrawals: '#c62828',
  users: '#1565c0',
  real: '#6a1b9a',
  demo: '#9e9e9e',
};

/**
 * A time axis's day labels, level (a date turned on its side is hard to read): chart.js leaves out
 * the labels that do not fit with a clear gap between them (its default gap of 3 px let "Nov 3" and
 * "Nov 5" run together) and draws at most `limit` of them.
 */
export const dayTicks = (limit: number) => ({
  autoSkip: true,
  autoSkipPadding: 16,
  maxRotation: 0,
  maxTicksLimit: limit,
});
