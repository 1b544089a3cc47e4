import type { ShopLanguage } from '@common/i18n/shop-locale';

/** Every sentence of the mails to a shop's people, in each of the shop's languages (decisions §19). */
export interface MailTexts {
  hello: (name: string) => string;
  footer: (shopName: string) => string;
  newOrder: {
    subject: (shopName: string, orderNumber: string) => string;
    preview: (orderNumber: string, customer: string, total: string) => string;
    intro: (shopName: string) => string;
    order: string;
    customer: string;
    placedAt: string;
    fallbackCustomer: string;
    subtotal: string;
    discount: string;
    delivery: string;
    total: string;
    button: string;
  };
  reportReady: {
    subject: (shopName: string) => string;
    intro: (shopName: string, from: string, to: string) => string;
    button: string;
    expiry: (until: string) => string;
  };
  subscriptionExpiring: {
    subject: (shopName: string, endsOn: string) => string;
    intro: (shopName: string, endsOn: string) => string;
    renew: string;
    button: string;
  };
}

export const MAIL_TEXTS: Record<ShopLanguage, MailTexts> = {
  es: {
    hello: (name) => `Hola ${name}:`,
    footer: (shopName) => `Recibes este correo porque formas parte del equipo de ${shopName}.`,
    newOrder: {
      subject: (shopName, orderNumber) => `${shopName}: nuevo pedido #${orderNumber}`,
      preview: (orderNumber, customer, total) => `Pedido #${orderNumber} de ${customer} — ${total}`,
      intro: (shopName) => `${shopName} tiene un nuevo pedido.`,
      order: 'Pedido',
      customer: 'Cliente',
      placedAt: 'Fecha',
      fallbackCustomer: 'Cliente',
      subtotal: 'Subtotal',
      discount: 'Descuento',
      delivery: 'Envío',
      total: 'Total',
      button: 'Ver el pedido',
    },
    reportReady: {
      subject: (shopName) => `${shopName}: tu reporte de ventas está listo`,
      intro: (shopName, from, to) => `El reporte de ventas de ${shopName} del ${from} al ${to} está listo.`,
      button: 'Descargar el reporte (CSV)',
      expiry: (until) => `Este enlace funciona hasta el ${until}. Después, vuelve a pedir el reporte.`,
    },
    subscriptionExpiring: {
      subject: (shopName, endsOn) => `${shopName}: tu suscripción termina el ${endsOn}`,
      intro: (shopName, endsOn) => `La suscripción de ${shopName} termina el ${endsOn}.`,
      renew: 'Renuévala antes de esa fecha para mantenerla activa.',
      button: 'Ir a facturación',
    },
  },
  en: {
    hello: (name) => `Hello ${name},`,
    footer: (shopName) => `You receive this mail because you are on the team of ${shopName}.`,
    newOrder: {
      subject: (shopName, orderNumber) => `${shopName}: new order #${orderNumber}`,
      preview: (orderNumber, customer, total) => `Order #${orderNumber} from ${customer} — ${total}`,
      intro: (shopName) => `${shopName} has a new order.`,
      order: 'Order',
      customer: 'Customer',
      placedAt: 'Placed',
      fallbackCustomer: 'Customer',
      subtotal: 'Subtotal',
      discount: 'Discount',
      delivery: 'Delivery',
      total: 'Total',
      button: 'View the order',
    },
    reportReady: {
      subject: (shopName) => `${shopName}: your sales report is ready`,
      intro: (shopName, from, to) => `The sales report of ${shopName} for ${from} to ${to} is ready.`,
      button: 'Download the report (CSV)',
      expiry: (until) => `This link works until ${until}. After that, ask for the report again.`,
    },
    subscriptionExpiring: {
      subject: (shopName, endsOn) => `${shopName}: your subscription ends on ${endsOn}`,
      intro: (shopName, endsOn) => `The subscription of ${shopName} ends on ${endsOn}.`,
      renew: 'Renew it before then to keep it active.',
      button: 'Go to billing',
    },
  },
};
