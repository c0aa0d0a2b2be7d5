// The listing most selling tests put on a marketplace: a men's denim jacket with every detail eBay asks for in its
// category (brand, size, size type, department, color), the seller's Price below the retail one.
export const JACKET = {
  title: "Levi's trucker denim jacket",
  brand: "Levi's",
  size: 'M',
  sizeType: 'Regular',
  department: 'Men',
  color: 'blue',
  price: 45,
  askingPrice: 39.5,
  category: 'clothing',
}
