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
} from 'chart.js';

// The pieces of chart.js the dashboard draws with (tree-shaken: only these are bundled).
Chart.register(CategoryScale, LinearScale, PointElement, LineElement, BarElement, Filler, Legend, Tooltip);

export const COLORS = {
  deposits: '#2e7d32',
  withdrawals: '#c62828',
  users: '#1565c0',
  real: '#6a1b9a',
  demo: '#9e9e9e',
};
