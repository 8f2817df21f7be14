/** A service as GET /api/services/:id answers it: the seed's Basic Exterior Wash, for page tests that stub the API. */
export const basicExteriorWash = {
  id: 1,
  detailerId: 1,
  categoryId: 1,
  name: 'Basic Exterior Wash',
  description: 'Hand wash and dry.',
  price: 59,
  priceCents: 5900,
  duration: 45,
  imageUrl: '/images/services/exterior-wash.svg',
};
