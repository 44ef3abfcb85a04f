import type { Strings } from './strings';

export const it: Strings = {
  common: {
    greeting: (name) => `Ciao ${name},`,
    greetingNoName: 'Ciao,',
    signoff: 'A presto,',
    order: 'Ordine',
    date: 'Data',
    quantity: 'Quantità',
    subtotal: 'Subtotale',
    shipping: 'Spedizione',
    shippingFree: 'gratuita',
    discount: (code) => `Sconto (${code})`,
    total: 'Totale',
    payment: 'Pagamento',
    methods: {
      transfer: 'Bonifico bancario',
      card: 'Carta di credito',
      stripe: 'Carta di credito',
      paypal: 'PayPal',
      klarna: 'Klarna, 3 rate senza interessi',
      'klarna-now': 'Klarna, paga ora',
      ebay: 'eBay',
    },
    questions: (phone) => `Per qualsiasi domanda rispondi a questa e-mail o chiamaci al ${phone}.`,
    backToShop: 'Torna al negozio',
    viewOrder: 'Vedi il tuo ordine',
    legal: (shop) =>
      `Ricevi questa e-mail per un ordine o una richiesta fatta su ${shop}. I tuoi dati sono trattati solo per gestirli.`,
  },
  orderReceived: {
    subject: (reference) => `Ordine ${reference} ricevuto`,
    title: 'Abbiamo ricevuto il tuo ordine',
    intro: (shop) => `grazie per il tuo ordine su ${shop}! Ecco il riepilogo.`,
    transferTitle: 'Come pagare con bonifico',
    transferIntro: (amount) => `Per completare l'ordine esegui un bonifico di ${amount} a:`,
    holder: 'Intestatario',
    iban: 'IBAN',
    bank: 'Banca',
    reason: 'Causale',
    amount: 'Importo',
    dueBy: (date) => `Il bonifico deve arrivare entro il ${date}: dopo, l'ordine viene annullato.`,
    demo: 'ATTENZIONE: questo è un IBAN dimostrativo del negozio di prova, non effettuare alcun pagamento.',
    afterTransfer: "Spediremo l'ordine appena riceveremo il bonifico.",
  },
  paymentReceived: {
    subject: (reference) => `Pagamento ricevuto, ordine ${reference} confermato`,
    title: 'Pagamento ricevuto, ordine confermato',
    intro: (amount) => `abbiamo ricevuto il tuo pagamento di ${amount}: il tuo ordine è confermato.`,
    transferIntro: 'abbiamo ricevuto il tuo bonifico: il tuo ordine è confermato.',
    next: 'Ti scriveremo di nuovo quando il pacco sarà partito.',
  },
  transferReminder: {
    subject: (reference) => `Promemoria: bonifico per l'ordine ${reference}`,
    title: 'Il tuo bonifico non è ancora arrivato',
    intro: (date) =>
      `non abbiamo ancora ricevuto il bonifico per il tuo ordine. Se non arriva entro il ${date}, l'ordine verrà annullato.`,
    ignore: 'Se hai già pagato, ignora questo messaggio: il bonifico può impiegare qualche giorno.',
  },
  transferExpired: {
    subject: (reference) => `Ordine ${reference} annullato: bonifico non ricevuto`,
    title: 'Ordine annullato',
    intro: (date) =>
      `non abbiamo ricevuto il bonifico entro il ${date}, perciò il tuo ordine è stato annullato e gli articoli sono tornati disponibili.`,
    again: 'Se desideri ancora gli articoli, puoi fare un nuovo ordine sul nostro sito.',
  },
  paymentFailed: {
    subject: (reference) => `Pagamento non riuscito per l'ordine ${reference}`,
    title: 'Il pagamento non è andato a buon fine',
    declined: 'il pagamento del tuo ordine è stato rifiutato. Non ti è stato addebitato nulla.',
    expired:
      "il tempo per pagare il tuo ordine è scaduto, perciò l'ordine è stato annullato. Non ti è stato addebitato nulla.",
    again: 'Puoi riprovare dal nostro negozio, anche con un altro metodo di pagamento.',
  },
  shipped: {
    subject: (reference) => `Il tuo ordine ${reference} è stato spedito`,
    title: 'Il tuo ordine è in viaggio',
    intro: 'il tuo ordine è stato affidato al corriere.',
    carrier: 'Corriere',
    trackingNumber: 'Numero di tracciamento',
    track: 'Segui la spedizione',
  },
  delivered: {
    subject: (reference) => `Il tuo ordine ${reference} è stato consegnato`,
    title: 'Ordine consegnato',
    intro: 'il tuo ordine risulta consegnato. Speriamo che ti piaccia!',
  },
  cancelled: {
    subject: (reference) => `Il tuo ordine ${reference} è stato annullato`,
    title: 'Ordine annullato',
    intro: 'il tuo ordine è stato annullato.',
    refundFollows: "Se l'avevi già pagato, riceverai il rimborso con una prossima e-mail.",
  },
  refunded: {
    subject: (reference) => `Rimborso per l'ordine ${reference}`,
    title: 'Rimborso effettuato',
    intro: (amount) => `ti abbiamo rimborsato ${amount}.`,
    partial: (amount, total) => `È un rimborso parziale: finora ti abbiamo rimborsato ${amount} su ${total}.`,
    timing: 'Il rimborso torna sul metodo di pagamento usato; può servire qualche giorno perché compaia.',
  },
  reviewRequest: {
    subject: (shop) => `Com'è andata? Lascia una recensione su ${shop}`,
    title: 'Ti sono piaciuti i tuoi articoli?',
    intro: 'la tua opinione aiuta altri appassionati a scegliere. Bastano due minuti:',
    write: (title) => `Recensisci «${title}»`,
  },
  newsletterConfirm: {
    subject: (shop) => `Conferma l'iscrizione alla newsletter di ${shop}`,
    title: "Conferma l'iscrizione",
    intro: (shop) =>
      `grazie per esserti iscritto alla newsletter di ${shop}! Riceverai le novità su modellismo, Pokémon, caschi, camion, tuning e Panini. Conferma l'iscrizione con il pulsante qui sotto.`,
    confirm: "Conferma l'iscrizione",
    ignore: 'Se non ti sei iscritto tu, ignora questa e-mail: senza conferma non riceverai nulla.',
  },
  stockAlertConfirm: {
    subject: (article) => `Conferma l'avviso per «${article}»`,
    title: "Conferma l'avviso",
    intro: (article, hours) =>
      `hai chiesto di essere avvisato quando «${article}» torna disponibile. Conferma con il pulsante qui sotto entro ${hours} ore: senza conferma non ti scriveremo più.`,
    confirm: "Conferma l'avviso",
    ignore: "Se non l'hai chiesto tu, ignora questa e-mail: l'indirizzo verrà cancellato.",
    unsubscribe: 'Non vuoi più questo avviso? Annullalo',
  },
  backInStock: {
    subject: (article) => `«${article}» è di nuovo disponibile`,
    title: 'Di nuovo disponibile',
    intro: (article) =>
      `«${article}» è tornato disponibile. Ti scriviamo una volta sola: le unità sono poche, chi ordina prima lo riceve.`,
    view: "Vai all'articolo",
    once: "Questo era l'unico avviso: non riceverai altre e-mail per questo articolo.",
  },
  newsletter: {
    unsubscribe: 'Non vuoi più ricevere la newsletter? Cancellati',
    token: 'Codice di cancellazione',
  },
  contactCopy: {
    subject: (shop) => `Abbiamo ricevuto il tuo messaggio - ${shop}`,
    title: 'Messaggio ricevuto',
    intro: 'grazie per averci scritto: abbiamo ricevuto il tuo messaggio e ti risponderemo al più presto.',
    yourMessage: 'Il tuo messaggio',
  },
  reviewReply: {
    subject: (article) => `Abbiamo risposto alla tua recensione di «${article}»`,
    title: 'Risposta alla tua recensione',
    intro: (article) => `grazie per la tua recensione di «${article}». Ecco la nostra risposta:`,
    reply: 'La risposta del negozio',
  },
  passwordReset: {
    subject: (shop) => `Reimposta la password di ${shop}`,
    title: 'Reimposta la password',
    intro: (shop) =>
      `abbiamo ricevuto una richiesta di reimpostare la password del tuo account su ${shop}. Scegli una nuova password con il pulsante qui sotto.`,
    button: 'Scegli una nuova password',
    validity: (until) => `Il link vale un'ora, fino al ${until}, e funziona una sola volta.`,
    ignore: "Se non l'hai chiesto tu, ignora questa e-mail: la tua password resta quella di prima.",
  },
  presale: {
    depositPaid: (amount) => `Acconto versato: ${amount}`,
    balance: (amount) => `Saldo da pagare: ${amount}`,
    balanceSubject: (article) => `È arrivato: ${article}. Paga il saldo`,
    balanceTitle: 'Il tuo pezzo è arrivato',
    balanceIntro: (article) =>
      `«${article}» è arrivato dal fornitore e un pezzo è riservato a te. Per riceverlo paga il saldo, con il metodo che preferisci.`,
    dueBy: (date) =>
      `Paga il saldo entro il ${date}: dopo questa data il pezzo passa al prossimo in lista, come dicono le condizioni di vendita.`,
    payButton: 'Paga il saldo',
    shortSubject: (article) => `${article}: consegna incompleta`,
    shortTitle: 'Consegna incompleta',
    shortIntro: (article) =>
      `il fornitore ha consegnato meno pezzi di «${article}» di quelli prenotati e non è bastato per arrivare al tuo ordine.`,
    shortChoice:
      'Puoi attendere la prossima consegna mantenendo il tuo posto in lista, oppure riavere l’acconto. Scegli dalla pagina del tuo ordine.',
    chooseButton: 'Scegli dalla pagina dell’ordine',
    dateSubject: (article) => `${article}: cambia la data di uscita`,
    dateTitle: 'Nuova data di uscita',
    dateIntro: (article, date) =>
      `la data di uscita di «${article}» è cambiata: ora è prevista per il ${date}. Il tuo ordine e il tuo acconto restano validi.`,
    dateUnknown: (article) =>
      `la data di uscita di «${article}» è cambiata e non è ancora confermata: ti scriveremo appena la sapremo. Il tuo ordine e il tuo acconto restano validi.`,
    lapsedSubject: (article) => `${article}: saldo non ricevuto`,
    lapsedTitle: 'Ordine chiuso',
    lapsedIntro: (article) =>
      `non abbiamo ricevuto il saldo di «${article}» entro la scadenza: il pezzo è passato al prossimo in lista e il tuo ordine è chiuso.`,
    lapsedRefunded: (amount) =>
      `Ti restituiamo l’acconto di ${amount} con lo stesso metodo con cui l’hai pagato.`,
    lapsedKept: (amount) => `Come dicono le condizioni di vendita, l’acconto di ${amount} resta al negozio.`,
  },
};
