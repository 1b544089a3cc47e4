import { BarController, BarElement, CategoryScale, Chart, LinearScale, Tooltip } from 'chart.js';
import { useEffect, useRef } from 'react';

// Only the parts a bar chart uses: Chart.js is tree-shaken to them (about a third of the library).
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

export interface Bar {
  label: string;
  value: number;
}

/**
 * The bars of "Sales, last 30 days", drawn by Chart.js on a canvas. The canvas is decorative for
 * assistive technology: the figure around it names it with a summary, and the same days are
 * offered as a table. Drawn without animation, so what is on the canvas is the data at once.
 */
export function SalesBars({ bars, format, label }: { bars: Bar[]; format: (value: number) => string; label: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    if (!canvas.current) return;
    const styles = getComputedStyle(document.documentElement);
    const color = (name: string, fallback: string) => styles.getPropertyValue(name).trim() || fallback;
    const text = color('--mantine-color-gray-7', '#495057');
    const chart = new Chart(canvas.current, {
      type: 'bar',
      data: {
        labels: bars.map((bar) => bar.label),
        datasets: [{ label, data: bars.map((bar) => bar.value), backgroundColor: color('--mantine-color-teal-7', '#0ca678') }],
      },
      options: {
        animation: false,
        responsive: true,
        maintainAspectRatio: false,
        plugins: {
          legend: { display: false },
          tooltip: { callbacks: { label: (item) => format(Number(item.raw)) } },
        },
        scales: {
          x: { grid: { display: false }, ticks: { color: text, autoSkip: true, maxRotation: 0 } },
          y: {
            beginAtZero: true,
            ticks: { color: text, maxTicksLimit: 5, callback: (value) => format(Number(value)).replace(/\.00$/, '') },
            grid: { color: color('--mantine-color-gray-3', '#dee2e6') },
          },
        },
      },
    });
    canvas.current.dataset.drawn = 'true';
    return () => chart.destroy();
  }, [bars, format, label]);

  return <canvas ref={canvas} aria-hidden="true" />;
}
