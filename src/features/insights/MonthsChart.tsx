// Revenue and profit by month as bars (Chart.js, loaded by this chart alone, after the figures are on screen): a bar
// opens that month's sales. The figures are also the months' list below it, so the chart is a picture of them for
// screen readers (its label says so).
import type { Chart } from 'chart.js'
import { useEffect, useEffectEvent, useRef } from 'react'
import type { Insights } from '../../../api/contract/insights.ts'
import { money } from '../../lib/money.ts'
import { monthName } from './months.ts'

// The app's indigo and emerald (Tailwind's indigo-600 and emerald-600).
const REVENUE_COLOUR = '#4f46e5'
const PROFIT_COLOUR = '#059669'

export function MonthsChart({ months, onOpen }: { months: Insights['months']; onOpen: (month: string) => void }) {
  const canvas = useRef<HTMLCanvasElement>(null)
  // The chart is drawn once per set of months; a click reaches the screen's latest onOpen.
  const open = useEffectEvent(onOpen)
  useEffect(() => {
    let chart: Chart<'bar'> | undefined
    let gone = false
    void import('./bar-chart.ts').then(({ BarChart }) => {
      if (gone) return
      chart = new BarChart(canvas.current!, {
        type: 'bar',
        data: {
          labels: months.map((month) => monthName(month.month)),
          datasets: [
            { label: 'Revenue', data: months.map((month) => month.revenue), backgroundColor: REVENUE_COLOUR },
            { label: 'Profit', data: months.map((month) => month.profit), backgroundColor: PROFIT_COLOUR },
          ],
        },
        options: {
          maintainAspectRatio: false,
          animation: false,
          scales: { y: { ticks: { callback: (value) => money(Number(value)) } } },
          plugins: {
            legend: { position: 'bottom' },
            tooltip: { callbacks: { label: (item) => `${item.dataset.label}: ${money(item.parsed.y ?? 0)}` } },
          },
          onClick: (_event, elements) => {
            const bar = elements[0]
            if (bar) open(months[bar.index]!.month)
          },
        },
      })
    })
    return () => {
      gone = true
      chart?.destroy()
    }
  }, [months])
  const summary = `Revenue and profit by month, ${months.length} months; each month's figures are listed below.`
  return (
    <div className="relative h-56 w-full">
      <canvas ref={canvas} role="img" aria-label={summary} />
    </div>
  )
}
