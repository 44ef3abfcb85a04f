import { api } from './staff-api';

interface PublicArticle {
  id: string;
  title: string;
  price: number;
  iva_percentage: number;
  quantity_stock: number;
}

/** A guest's bank-transfer order of one article, as the checkout places it, in the given language. */
export async function placeTransferOrder(email: string, language: string) {
  const articles = (await api<PublicArticle[]>('GET', '/public/articles')).body;
  const article = articles.find((a) => a.quantity_stock > 2)!;
  const grossCents = Math.round(Math.round(article.price * 100) * (1 + article.iva_percentage / 100));
  const shipping = (
    await api<{ shipping_cost: number }>(
      'GET',
      `/shipping/calculate?total_amount=${grossCents / 100}&quantity=1&country=IT`,
    )
  ).body;
  const placed = await api<{ order_id: string; order_reference: string; total_amount: number }>(
    'POST',
    '/orders',
    {
      items: [{ article_id: article.id, quantity: 1 }],
      customer_info: {
        name: 'Emma Clark',
        email,
        phone: '+39 081 555 0000',
        address: 'Via Chiaia 10',
        city: 'Napoli',
        zipCode: '80121',
      },
      payment_method: 'transfer',
      total_amount: (grossCents + Math.round(shipping.shipping_cost * 100)) / 100,
      language,
    },
  );
  expect(placed.status).toBe(201);
  return { article, order: placed.body };
}
