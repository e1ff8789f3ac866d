import { Line } from 'react-chartjs-2';
import './register';

/** The small line chart of the market table: the latest 100 points (spec section 9). */
export function Sparkline({ points, up }: { points: number[]; up: boolean }) {
  const data = points.slice(-100);
  if (data.length < 2) return <span className="muted">—</span>;
  const color = up ? '#16c784' : '#ea3943';
  return (
    <div className="sparkline">
      <Line
        data={{
          labels: data.map((_, i) => i),
          datasets: [
            { data, borderColor: color, borderWidth: 1.5, pointRadius: 0, tension: 0.3, fill: false },
          ],
        }}
        options={{
          responsive: true,
          maintainAspectRatio: false,
          animation: false,
          plugins: { legend: { display: false }, tooltip: { enabled: false } },
          scales: { x: { display: false }, y: { display: false } },
          events: [],
        }}
      />
    </div>
  );
}
