import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';

export type UsageBar = { group: string; platform: number; company: number };

/**
 * The bars of 'Uso de Beneficios'. Its own chunk (with recharts, most of HR's JavaScript): HR's other
 * screens, the dashboard first among them, load without it (decision 311).
 */
export default function UsageBarChart({ data }: { data: UsageBar[] }) {
  return (
    <BarChart
      h={260}
      data={data}
      dataKey="group"
      withLegend
      legendProps={{ verticalAlign: 'bottom' }}
      tickLine="y"
      // Counts: whole numbers on the axis, and all four labels even on a phone.
      yAxisProps={{ allowDecimals: false }}
      xAxisProps={{ interval: 0, tick: { fontSize: 11 } }}
      series={[
        { name: 'platform', label: 'Beneficios flexibles', color: 'brand.6' },
        { name: 'company', label: 'Beneficios de empresa', color: 'gold.6' },
      ]}
      aria-label="Gráfico de uso de beneficios"
    />
  );
}
