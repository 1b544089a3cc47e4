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
  /** The mails to the shopper who placed an order (docs/notifications.md, "Mails to the shopper"). */
  shopper: {
    footer: (shopName: string) => string;
    placedSubject: (shopName: string, orderNumber: string) => string;
    placedPreview: (orderNumber: string, total: string) => string;
    placedIntro: (shopName: string) => string;
    order: string;
    placedAt: string;
    subtotal: string;
    discount: string;
    delivery: string;
    total: string;
    paymentMethod: string;
    paymentMethods: Record<string, string>;
    transferInstructions: string;
    branch: string;
    contact: string;
    phone: string;
    whatsapp: string;
    button: string;
    statusSubject: (shopName: string, orderNumber: string, status: ShopperMailStatus) => string;
    statusLine: (orderNumber: string, status: ShopperMailStatus) => string;
    statusNext: Record<ShopperMailStatus, string>;
  };
}

/** The statuses the shopper is mailed about. */
export const SHOPPER_MAIL_STATUSES = ['confirmed', 'ready', 'delivered', 'cancelled'] as const;
export type ShopperMailStatus = (typeof SHOPPER_MAIL_STATUSES)[number];

const ES_STATUS: Record<ShopperMailStatus, string> = {
  confirmed: 'fue confirmado',
  ready: 'está listo',
  delivered: 'fue entregado',
  cancelled: 'fue cancelado',
};
const EN_STATUS: Record<ShopperMailStatus, string> = {
  confirmed: 'was confirmed',
  ready: 'is ready',
  delivered: 'was delivered',
  cancelled: 'was cancelled',
};

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
    shopper: {
      footer: (shopName) => `Recibes este correo porque hiciste un pedido en ${shopName}.`,
      placedSubject: (shopName, orderNumber) => `${shopName}: recibimos tu pedido #${orderNumber}`,
      placedPreview: (orderNumber, total) => `Pedido #${orderNumber} — ${total}`,
      placedIntro: (shopName) => `Gracias por tu pedido en ${shopName}. Te escribiremos cuando cambie su estado.`,
      order: 'Pedido',
      placedAt: 'Fecha',
      subtotal: 'Subtotal',
      discount: 'Descuento',
      delivery: 'Envío',
      total: 'Total',
      paymentMethod: 'Forma de pago',
      paymentMethods: { cash: 'Efectivo', bank_transfer: 'Transferencia bancaria', card: 'Tarjeta', pending: 'Por acordar con la tienda' },
      transferInstructions: 'Datos para la transferencia',
      branch: 'Sucursal',
      contact: 'Contacto de la tienda',
      phone: 'Teléfono',
      whatsapp: 'WhatsApp',
      button: 'Ver el estado del pedido',
      statusSubject: (shopName, orderNumber, status) => `${shopName}: tu pedido #${orderNumber} ${ES_STATUS[status]}`,
      statusLine: (orderNumber, status) => `Tu pedido #${orderNumber} ${ES_STATUS[status]}.`,
      statusNext: {
        confirmed: 'La tienda lo está preparando.',
        ready: 'Ya puedes recogerlo, o pronto sale hacia tu dirección.',
        delivered: '¡Gracias por tu compra!',
        cancelled: 'Si tienes preguntas, escribe a la tienda.',
      },
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
    shopper: {
      footer: (shopName) => `You receive this mail because you placed an order at ${shopName}.`,
      placedSubject: (shopName, orderNumber) => `${shopName}: we received your order #${orderNumber}`,
      placedPreview: (orderNumber, total) => `Order #${orderNumber} — ${total}`,
      placedIntro: (shopName) => `Thank you for your order at ${shopName}. We will write when its status changes.`,
      order: 'Order',
      placedAt: 'Placed',
      subtotal: 'Subtotal',
      discount: 'Discount',
      delivery: 'Delivery',
      total: 'Total',
      paymentMethod: 'Payment method',
      paymentMethods: { cash: 'Cash', bank_transfer: 'Bank transfer', card: 'Card', pending: 'To be agreed with the shop' },
      transferInstructions: 'Bank transfer details',
      branch: 'Branch',
      contact: "The shop's contact",
      phone: 'Phone',
      whatsapp: 'WhatsApp',
      button: "See the order's status",
      statusSubject: (shopName, orderNumber, status) => `${shopName}: your order #${orderNumber} ${EN_STATUS[status]}`,
      statusLine: (orderNumber, status) => `Your order #${orderNumber} ${EN_STATUS[status]}.`,
      statusNext: {
        confirmed: 'The shop is preparing it.',
        ready: 'You can pick it up now, or it leaves for your address soon.',
        delivered: 'Thank you for shopping with us!',
        cancelled: 'If you have questions, write to the shop.',
      },
    },
  },
};
