import type { Strings } from './strings';

export const es: Strings = {
  common: {
    greeting: (name) => `Hola ${name}:`,
    greetingNoName: 'Hola:',
    signoff: 'Hasta pronto,',
    order: 'Pedido',
    date: 'Fecha',
    quantity: 'Cantidad',
    subtotal: 'Subtotal',
    shipping: 'Envío',
    shippingFree: 'gratis',
    discount: (code) => `Descuento (${code})`,
    total: 'Total',
    payment: 'Pago',
    methods: {
      transfer: 'Transferencia bancaria',
      card: 'Tarjeta de crédito',
      stripe: 'Tarjeta de crédito',
      paypal: 'PayPal',
      klarna: 'Klarna, 3 plazos sin intereses',
      'klarna-now': 'Klarna, paga ahora',
      ebay: 'eBay',
    },
    questions: (phone) => `Para cualquier pregunta, responde a este correo o llámanos al ${phone}.`,
    backToShop: 'Volver a la tienda',
    viewOrder: 'Ver tu pedido',
    legal: (shop) =>
      `Recibes este correo por un pedido o una solicitud hecha en ${shop}. Tus datos se usan solo para gestionarlos.`,
  },
  orderReceived: {
    subject: (reference) => `Pedido ${reference} recibido`,
    title: 'Hemos recibido tu pedido',
    intro: (shop) => `¡gracias por tu pedido en ${shop}! Aquí tienes el resumen.`,
    transferTitle: 'Cómo pagar por transferencia',
    transferIntro: (amount) => `Para completar el pedido, haz una transferencia de ${amount} a:`,
    holder: 'Titular',
    iban: 'IBAN',
    bank: 'Banco',
    reason: 'Concepto',
    amount: 'Importe',
    dueBy: (date) => `La transferencia debe llegar antes del ${date}; después, el pedido se cancela.`,
    demo: 'ATENCIÓN: este es el IBAN de demostración de la tienda de prueba, no realices ningún pago.',
    afterTransfer: 'Enviaremos el pedido en cuanto recibamos la transferencia.',
  },
  paymentReceived: {
    subject: (reference) => `Pago recibido, pedido ${reference} confirmado`,
    title: 'Pago recibido, pedido confirmado',
    intro: (amount) => `hemos recibido tu pago de ${amount}: tu pedido está confirmado.`,
    transferIntro: 'hemos recibido tu transferencia: tu pedido está confirmado.',
    next: 'Te volveremos a escribir cuando el paquete esté en camino.',
  },
  transferReminder: {
    subject: (reference) => `Recordatorio: transferencia del pedido ${reference}`,
    title: 'Tu transferencia aún no ha llegado',
    intro: (date) =>
      `todavía no hemos recibido la transferencia de tu pedido. Si no llega antes del ${date}, el pedido se cancelará.`,
    ignore: 'Si ya has pagado, ignora este mensaje: una transferencia puede tardar unos días.',
  },
  transferExpired: {
    subject: (reference) => `Pedido ${reference} cancelado: transferencia no recibida`,
    title: 'Pedido cancelado',
    intro: (date) =>
      `no hemos recibido la transferencia antes del ${date}, así que tu pedido se ha cancelado y los artículos vuelven a estar disponibles.`,
    again: 'Si todavía quieres los artículos, puedes hacer un nuevo pedido en nuestra web.',
  },
  paymentFailed: {
    subject: (reference) => `Pago no realizado del pedido ${reference}`,
    title: 'El pago no se ha completado',
    declined: 'el pago de tu pedido ha sido rechazado. No se te ha cobrado nada.',
    expired:
      'el plazo para pagar tu pedido ha vencido, así que el pedido se ha cancelado. No se te ha cobrado nada.',
    again: 'Puedes volver a intentarlo desde nuestra tienda, también con otro método de pago.',
  },
  shipped: {
    subject: (reference) => `Tu pedido ${reference} ha sido enviado`,
    title: 'Tu pedido está en camino',
    intro: 'tu pedido se ha entregado al transportista.',
    carrier: 'Transportista',
    trackingNumber: 'Número de seguimiento',
    track: 'Seguir el envío',
  },
  delivered: {
    subject: (reference) => `Tu pedido ${reference} ha sido entregado`,
    title: 'Pedido entregado',
    intro: 'tu pedido ha sido entregado. ¡Esperamos que te guste!',
  },
  cancelled: {
    subject: (reference) => `Tu pedido ${reference} ha sido cancelado`,
    title: 'Pedido cancelado',
    intro: 'tu pedido ha sido cancelado.',
    refundFollows: 'Si ya lo habías pagado, recibirás el reembolso con otro correo.',
  },
  refunded: {
    subject: (reference) => `Reembolso del pedido ${reference}`,
    title: 'Reembolso realizado',
    intro: (amount) => `te hemos reembolsado ${amount}.`,
    partial: (amount, total) =>
      `Es un reembolso parcial: hasta ahora te hemos reembolsado ${amount} de ${total}.`,
    timing: 'El reembolso vuelve al método de pago que usaste; puede tardar unos días en aparecer.',
  },
  reviewRequest: {
    subject: (shop) => `¿Qué tal? Deja una opinión en ${shop}`,
    title: '¿Te han gustado tus artículos?',
    intro: 'tu opinión ayuda a otros aficionados a elegir. Solo son dos minutos:',
    write: (title) => `Opinar sobre «${title}»`,
  },
  newsletterConfirm: {
    subject: (shop) => `Confirma tu suscripción al boletín de ${shop}`,
    title: 'Confirma tu suscripción',
    intro: (shop) =>
      `¡gracias por suscribirte al boletín de ${shop}! Recibirás novedades de modelismo, Pokémon, cascos, camiones, tuning y Panini. Confirma la suscripción con el botón de abajo.`,
    confirm: 'Confirmar suscripción',
    ignore: 'Si no te has suscrito tú, ignora este correo: sin confirmación no recibirás nada.',
  },
  stockAlertConfirm: {
    subject: (article) => `Confirma tu aviso para «${article}»`,
    title: 'Confirma tu aviso',
    intro: (article, hours) =>
      `has pedido que te avisemos cuando «${article}» vuelva a estar disponible. Confirma con el botón de abajo en ${hours} horas: sin confirmación no volveremos a escribirte.`,
    confirm: 'Confirmar el aviso',
    ignore: 'Si no lo has pedido tú, ignora este correo: la dirección se borrará.',
    unsubscribe: '¿Ya no quieres este aviso? Cancélalo',
  },
  backInStock: {
    subject: (article) => `«${article}» vuelve a estar disponible`,
    title: 'De nuevo disponible',
    intro: (article) =>
      `«${article}» vuelve a estar disponible. Te escribimos una sola vez: hay pocas unidades, quien pide primero lo recibe.`,
    view: 'Ver el artículo',
    once: 'Este era tu único aviso: no recibirás más correos sobre este artículo.',
  },
  newsletter: {
    unsubscribe: '¿Ya no quieres recibir el boletín? Darse de baja',
    token: 'Código de baja',
  },
  contactCopy: {
    subject: (shop) => `Hemos recibido tu mensaje - ${shop}`,
    title: 'Mensaje recibido',
    intro: 'gracias por escribirnos: hemos recibido tu mensaje y te responderemos lo antes posible.',
    yourMessage: 'Tu mensaje',
  },
  reviewReply: {
    subject: (article) => `Hemos respondido a tu opinión sobre «${article}»`,
    title: 'Respuesta a tu opinión',
    intro: (article) => `gracias por tu opinión sobre «${article}». Esta es nuestra respuesta:`,
    reply: 'La respuesta de la tienda',
  },
  passwordReset: {
    subject: (shop) => `Restablece tu contraseña en ${shop}`,
    title: 'Restablecer la contraseña',
    intro: (shop) =>
      `hemos recibido una solicitud para restablecer la contraseña de tu cuenta en ${shop}. Elige una nueva contraseña con el botón de abajo.`,
    button: 'Elegir una nueva contraseña',
    validity: (until) => `El enlace es válido durante una hora, hasta el ${until}, y solo funciona una vez.`,
    ignore: 'Si no lo has pedido tú, ignora este correo: tu contraseña sigue siendo la misma.',
  },
  presale: {
    depositPaid: (amount) => `Anticipo pagado: ${amount}`,
    balance: (amount) => `Saldo pendiente: ${amount}`,
    balanceSubject: (article) => `Ya ha llegado: ${article}. Paga el saldo`,
    balanceTitle: 'Tu artículo ha llegado',
    balanceIntro: (article) =>
      `«${article}» ha llegado del proveedor y hay una unidad reservada para ti. Para recibirla, paga el saldo con el método que prefieras.`,
    dueBy: (date) =>
      `Paga el saldo antes del ${date}: después de esa fecha la unidad pasa a la siguiente persona de la lista, como indican las condiciones de venta.`,
    payButton: 'Pagar el saldo',
    shortSubject: (article) => `${article}: entrega incompleta`,
    shortTitle: 'Entrega incompleta',
    shortIntro: (article) =>
      `el proveedor ha entregado menos unidades de «${article}» que las reservadas y no han alcanzado para tu pedido.`,
    shortChoice:
      'Puedes esperar a la próxima entrega manteniendo tu lugar en la lista o recuperar el anticipo. Elige en la página de tu pedido.',
    chooseButton: 'Elegir en la página del pedido',
    dateSubject: (article) => `${article}: cambia la fecha de salida`,
    dateTitle: 'Nueva fecha de salida',
    dateIntro: (article, date) =>
      `la fecha de salida de «${article}» ha cambiado: ahora está prevista para el ${date}. Tu pedido y tu anticipo siguen siendo válidos.`,
    dateUnknown: (article) =>
      `la fecha de salida de «${article}» ha cambiado y aún no está confirmada: te escribiremos en cuanto la sepamos. Tu pedido y tu anticipo siguen siendo válidos.`,
    lapsedSubject: (article) => `${article}: saldo no recibido`,
    lapsedTitle: 'Pedido cerrado',
    lapsedIntro: (article) =>
      `no hemos recibido el saldo de «${article}» dentro del plazo: la unidad ha pasado a la siguiente persona de la lista y tu pedido está cerrado.`,
    lapsedRefunded: (amount) =>
      `Te devolvemos el anticipo de ${amount} con el mismo método con el que lo pagaste.`,
    lapsedKept: (amount) =>
      `Como indican las condiciones de venta, el anticipo de ${amount} queda para la tienda.`,
  },
};
