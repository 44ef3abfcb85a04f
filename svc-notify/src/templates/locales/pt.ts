import type { Strings } from './strings';

export const pt: Strings = {
  common: {
    greeting: (name) => `Olá ${name},`,
    greetingNoName: 'Olá,',
    signoff: 'Até breve,',
    order: 'Encomenda',
    date: 'Data',
    quantity: 'Quantidade',
    subtotal: 'Subtotal',
    shipping: 'Envio',
    shippingFree: 'grátis',
    discount: (code) => `Desconto (${code})`,
    total: 'Total',
    payment: 'Pagamento',
    methods: {
      transfer: 'Transferência bancária',
      card: 'Cartão de crédito',
      stripe: 'Cartão de crédito',
      paypal: 'PayPal',
      klarna: 'Klarna, 3 prestações sem juros',
      'klarna-now': 'Klarna, pagar agora',
      ebay: 'eBay',
    },
    questions: (phone) => `Para qualquer dúvida, responda a este e-mail ou ligue-nos para o ${phone}.`,
    backToShop: 'Voltar à loja',
    viewOrder: 'Ver a sua encomenda',
    legal: (shop) =>
      `Recebe este e-mail por causa de uma encomenda ou pedido feito em ${shop}. Os seus dados são usados apenas para os tratar.`,
  },
  orderReceived: {
    subject: (reference) => `Encomenda ${reference} recebida`,
    title: 'Recebemos a sua encomenda',
    intro: (shop) => `obrigado pela sua encomenda em ${shop}! Aqui está o resumo.`,
    transferTitle: 'Como pagar por transferência',
    transferIntro: (amount) => `Para concluir a encomenda, faça uma transferência de ${amount} para:`,
    holder: 'Titular',
    iban: 'IBAN',
    bank: 'Banco',
    reason: 'Descrição',
    amount: 'Montante',
    dueBy: (date) => `A transferência deve chegar até ${date}; depois disso, a encomenda é cancelada.`,
    demo: 'ATENÇÃO: este é o IBAN de demonstração da loja de teste, não faça nenhum pagamento.',
    afterTransfer: 'Enviaremos a encomenda assim que recebermos a transferência.',
  },
  paymentReceived: {
    subject: (reference) => `Pagamento recebido, encomenda ${reference} confirmada`,
    title: 'Pagamento recebido, encomenda confirmada',
    intro: (amount) => `recebemos o seu pagamento de ${amount}: a sua encomenda está confirmada.`,
    transferIntro: 'recebemos a sua transferência: a sua encomenda está confirmada.',
    next: 'Voltaremos a escrever-lhe quando a encomenda for expedida.',
  },
  transferReminder: {
    subject: (reference) => `Lembrete: transferência da encomenda ${reference}`,
    title: 'A sua transferência ainda não chegou',
    intro: (date) =>
      `ainda não recebemos a transferência da sua encomenda. Se não chegar até ${date}, a encomenda será cancelada.`,
    ignore: 'Se já pagou, ignore esta mensagem: uma transferência pode demorar alguns dias.',
  },
  transferExpired: {
    subject: (reference) => `Encomenda ${reference} cancelada: transferência não recebida`,
    title: 'Encomenda cancelada',
    intro: (date) =>
      `não recebemos a transferência até ${date}, por isso a sua encomenda foi cancelada e os artigos voltaram a estar disponíveis.`,
    again: 'Se ainda quiser os artigos, pode fazer uma nova encomenda no nosso site.',
  },
  paymentFailed: {
    subject: (reference) => `Pagamento falhado da encomenda ${reference}`,
    title: 'O pagamento não foi concluído',
    declined: 'o pagamento da sua encomenda foi recusado. Não lhe foi cobrado nada.',
    expired:
      'o prazo para pagar a sua encomenda terminou, por isso a encomenda foi cancelada. Não lhe foi cobrado nada.',
    again: 'Pode tentar de novo na nossa loja, também com outro método de pagamento.',
  },
  shipped: {
    subject: (reference) => `A sua encomenda ${reference} foi expedida`,
    title: 'A sua encomenda está a caminho',
    intro: 'a sua encomenda foi entregue à transportadora.',
    carrier: 'Transportadora',
    trackingNumber: 'Número de seguimento',
    track: 'Seguir a encomenda',
  },
  delivered: {
    subject: (reference) => `A sua encomenda ${reference} foi entregue`,
    title: 'Encomenda entregue',
    intro: 'a sua encomenda foi entregue. Esperamos que goste!',
  },
  cancelled: {
    subject: (reference) => `A sua encomenda ${reference} foi cancelada`,
    title: 'Encomenda cancelada',
    intro: 'a sua encomenda foi cancelada.',
    refundFollows: 'Se já a tinha pago, receberá o reembolso noutro e-mail.',
  },
  refunded: {
    subject: (reference) => `Reembolso da encomenda ${reference}`,
    title: 'Reembolso efetuado',
    intro: (amount) => `reembolsámos-lhe ${amount}.`,
    partial: (amount, total) => `É um reembolso parcial: até agora reembolsámos ${amount} de ${total}.`,
    timing: 'O reembolso volta ao método de pagamento usado; pode demorar alguns dias a aparecer.',
  },
  reviewRequest: {
    subject: (shop) => `Como correu? Deixe uma avaliação em ${shop}`,
    title: 'Gostou dos seus artigos?',
    intro: 'a sua opinião ajuda outros colecionadores a escolher. São só dois minutos:',
    write: (title) => `Avaliar «${title}»`,
  },
  newsletterConfirm: {
    subject: (shop) => `Confirme a subscrição da newsletter de ${shop}`,
    title: 'Confirme a subscrição',
    intro: (shop) =>
      `obrigado por subscrever a newsletter de ${shop}! Receberá novidades de modelismo, Pokémon, capacetes, camiões, tuning e Panini. Confirme a subscrição com o botão abaixo.`,
    confirm: 'Confirmar subscrição',
    ignore: 'Se não foi você a subscrever, ignore este e-mail: sem confirmação não receberá nada.',
  },
  stockAlertConfirm: {
    subject: (article) => `Confirme o seu aviso para «${article}»`,
    title: 'Confirme o seu aviso',
    intro: (article, hours) =>
      `pediu para ser avisado quando «${article}» voltar a estar disponível. Confirme com o botão abaixo dentro de ${hours} horas: sem confirmação não voltaremos a escrever-lhe.`,
    confirm: 'Confirmar o aviso',
    ignore: 'Se não foi você que pediu, ignore este e-mail: o endereço será apagado.',
    unsubscribe: 'Já não quer este aviso? Cancele-o',
  },
  backInStock: {
    subject: (article) => `«${article}» está novamente disponível`,
    title: 'Novamente disponível',
    intro: (article) =>
      `«${article}» está novamente disponível. Escrevemos-lhe só uma vez: há poucas unidades, quem encomendar primeiro recebe.`,
    view: 'Ver o artigo',
    once: 'Este foi o seu único aviso: não receberá mais e-mails sobre este artigo.',
  },
  newsletter: {
    unsubscribe: 'Já não quer receber a newsletter? Cancelar a subscrição',
    token: 'Código de cancelamento',
  },
  contactCopy: {
    subject: (shop) => `Recebemos a sua mensagem - ${shop}`,
    title: 'Mensagem recebida',
    intro: 'obrigado por nos escrever: recebemos a sua mensagem e responderemos o mais depressa possível.',
    yourMessage: 'A sua mensagem',
  },
  reviewReply: {
    subject: (article) => `Respondemos à sua avaliação de «${article}»`,
    title: 'Resposta à sua avaliação',
    intro: (article) => `obrigado pela sua avaliação de «${article}». Esta é a nossa resposta:`,
    reply: 'A resposta da loja',
  },
  passwordReset: {
    subject: (shop) => `Redefina a sua palavra-passe em ${shop}`,
    title: 'Redefinir a palavra-passe',
    intro: (shop) =>
      `recebemos um pedido para redefinir a palavra-passe da sua conta em ${shop}. Escolha uma nova palavra-passe com o botão abaixo.`,
    button: 'Escolher uma nova palavra-passe',
    validity: (until) => `A ligação é válida durante uma hora, até ${until}, e funciona apenas uma vez.`,
    ignore: 'Se não foi você que pediu, ignore este e-mail: a sua palavra-passe continua a mesma.',
  },
  presale: {
    depositPaid: (amount) => `Sinal pago: ${amount}`,
    balance: (amount) => `Saldo a pagar: ${amount}`,
    balanceSubject: (article) => `Chegou: ${article}. Pague o saldo`,
    balanceTitle: 'O seu artigo chegou',
    balanceIntro: (article) =>
      `«${article}» chegou do fornecedor e há uma unidade reservada para si. Para a receber, pague o saldo com o método que preferir.`,
    dueBy: (date) =>
      `Pague o saldo até ${date}: depois dessa data a unidade passa para a pessoa seguinte na lista, como dizem as condições de venda.`,
    payButton: 'Pagar o saldo',
    shortSubject: (article) => `${article}: entrega incompleta`,
    shortTitle: 'Entrega incompleta',
    shortIntro: (article) =>
      `o fornecedor entregou menos unidades de «${article}» do que as reservadas e não chegaram para a sua encomenda.`,
    shortChoice:
      'Pode esperar pela próxima entrega e manter o seu lugar na lista, ou receber o sinal de volta. Escolha na página da sua encomenda.',
    chooseButton: 'Escolher na página da encomenda',
    dateSubject: (article) => `${article}: a data de lançamento mudou`,
    dateTitle: 'Nova data de lançamento',
    dateIntro: (article, date) =>
      `a data de lançamento de «${article}» mudou: agora está prevista para ${date}. A sua encomenda e o seu sinal continuam válidos.`,
    dateUnknown: (article) =>
      `a data de lançamento de «${article}» mudou e ainda não está confirmada: escreveremos assim que a soubermos. A sua encomenda e o seu sinal continuam válidos.`,
    lapsedSubject: (article) => `${article}: saldo não recebido`,
    lapsedTitle: 'Encomenda fechada',
    lapsedIntro: (article) =>
      `não recebemos o saldo de «${article}» dentro do prazo: a unidade passou para a pessoa seguinte na lista e a sua encomenda está fechada.`,
    lapsedRefunded: (amount) => `Devolvemos o sinal de ${amount} pelo mesmo método com que o pagou.`,
    lapsedKept: (amount) => `Como dizem as condições de venda, o sinal de ${amount} fica com a loja.`,
  },
};
