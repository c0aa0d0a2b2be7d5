// How the screens write amounts in dollars: `money` for figures read at a glance (whole dollars with thousands
// separators above $1,000, cents below), `exactMoney` where the cents count (a tax form, a sum checked by hand).
const whole = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 })
const cents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })

export const money = (dollars: number) => (Math.abs(dollars) >= 1000 ? whole : cents).format(dollars)
export const exactMoney = (dollars: number) => cents.format(dollars)
