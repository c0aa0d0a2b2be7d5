// Chart.js with only what a bar chart needs registered (its controllers, scales and plugins are tree-shaken otherwise):
// the Insights' chart loads this module, and so the library, once it is drawn.
import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from 'chart.js'

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip, Legend)

export { Chart as BarChart }
