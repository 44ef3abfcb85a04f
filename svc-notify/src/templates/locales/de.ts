import type { Strings } from './strings';

export const de: Strings = {
  common: {
    greeting: (name) => `Hallo ${name},`,
    greetingNoName: 'Hallo,',
    signoff: 'Viele Grüße,',
    order: 'Bestellung',
    date: 'Datum',
    quantity: 'Menge',
    subtotal: 'Zwischensumme',
    shipping: 'Versand',
    shippingFree: 'kostenlos',
    discount: (code) => `Rabatt (${code})`,
    total: 'Gesamt',
    payment: 'Zahlung',
    methods: {
      transfer: 'Banküberweisung',
      card: 'Kreditkarte',
      stripe: 'Kreditkarte',
      paypal: 'PayPal',
      klarna: 'Klarna, 3 zinsfreie Raten',
      'klarna-now': 'Klarna, sofort bezahlen',
      ebay: 'eBay',
    },
    questions: (phone) => `Bei Fragen antworten Sie auf diese E-Mail oder rufen Sie uns an: ${phone}.`,
    backToShop: 'Zurück zum Shop',
    viewOrder: 'Ihre Bestellung ansehen',
    legal: (shop) =>
      `Sie erhalten diese E-Mail wegen einer Bestellung oder Anfrage bei ${shop}. Ihre Daten werden nur zu deren Bearbeitung verwendet.`,
  },
  orderReceived: {
    subject: (reference) => `Bestellung ${reference} eingegangen`,
    title: 'Wir haben Ihre Bestellung erhalten',
    intro: (shop) => `vielen Dank für Ihre Bestellung bei ${shop}! Hier ist die Übersicht.`,
    transferTitle: 'So zahlen Sie per Überweisung',
    transferIntro: (amount) => `Um die Bestellung abzuschließen, überweisen Sie ${amount} an:`,
    holder: 'Kontoinhaber',
    iban: 'IBAN',
    bank: 'Bank',
    reason: 'Verwendungszweck',
    amount: 'Betrag',
    dueBy: (date) => `Die Überweisung muss bis ${date} eingehen; danach wird die Bestellung storniert.`,
    demo: 'ACHTUNG: Dies ist die Demo-IBAN des Testshops, bitte keine Zahlung ausführen.',
    afterTransfer: 'Wir versenden die Bestellung, sobald die Überweisung eingegangen ist.',
  },
  paymentReceived: {
    subject: (reference) => `Zahlung erhalten, Bestellung ${reference} bestätigt`,
    title: 'Zahlung erhalten, Bestellung bestätigt',
    intro: (amount) => `wir haben Ihre Zahlung von ${amount} erhalten: Ihre Bestellung ist bestätigt.`,
    transferIntro: 'wir haben Ihre Überweisung erhalten: Ihre Bestellung ist bestätigt.',
    next: 'Wir schreiben Ihnen wieder, sobald das Paket unterwegs ist.',
  },
  transferReminder: {
    subject: (reference) => `Erinnerung: Überweisung für Bestellung ${reference}`,
    title: 'Ihre Überweisung ist noch nicht eingegangen',
    intro: (date) =>
      `wir haben die Überweisung für Ihre Bestellung noch nicht erhalten. Geht sie nicht bis ${date} ein, wird die Bestellung storniert.`,
    ignore:
      'Wenn Sie bereits bezahlt haben, ignorieren Sie diese Nachricht: eine Überweisung kann einige Tage dauern.',
  },
  transferExpired: {
    subject: (reference) => `Bestellung ${reference} storniert: Überweisung nicht erhalten`,
    title: 'Bestellung storniert',
    intro: (date) =>
      `wir haben die Überweisung nicht bis ${date} erhalten, daher wurde Ihre Bestellung storniert und die Artikel sind wieder verfügbar.`,
    again: 'Wenn Sie die Artikel noch möchten, können Sie auf unserer Website neu bestellen.',
  },
  paymentFailed: {
    subject: (reference) => `Zahlung für Bestellung ${reference} fehlgeschlagen`,
    title: 'Die Zahlung ist nicht gelungen',
    declined: 'die Zahlung für Ihre Bestellung wurde abgelehnt. Es wurde nichts abgebucht.',
    expired:
      'die Frist zur Zahlung Ihrer Bestellung ist abgelaufen, daher wurde sie storniert. Es wurde nichts abgebucht.',
    again: 'Sie können es in unserem Shop erneut versuchen, auch mit einer anderen Zahlungsart.',
  },
  shipped: {
    subject: (reference) => `Ihre Bestellung ${reference} wurde versandt`,
    title: 'Ihre Bestellung ist unterwegs',
    intro: 'Ihre Bestellung wurde dem Versanddienstleister übergeben.',
    carrier: 'Versanddienstleister',
    trackingNumber: 'Sendungsnummer',
    track: 'Sendung verfolgen',
  },
  delivered: {
    subject: (reference) => `Ihre Bestellung ${reference} wurde zugestellt`,
    title: 'Bestellung zugestellt',
    intro: 'Ihre Bestellung wurde zugestellt. Wir hoffen, sie gefällt Ihnen!',
  },
  cancelled: {
    subject: (reference) => `Ihre Bestellung ${reference} wurde storniert`,
    title: 'Bestellung storniert',
    intro: 'Ihre Bestellung wurde storniert.',
    refundFollows: 'Falls Sie bereits bezahlt hatten, erhalten Sie die Erstattung mit einer weiteren E-Mail.',
  },
  refunded: {
    subject: (reference) => `Erstattung für Bestellung ${reference}`,
    title: 'Erstattung durchgeführt',
    intro: (amount) => `wir haben Ihnen ${amount} erstattet.`,
    partial: (amount, total) =>
      `Dies ist eine Teilerstattung: bisher haben wir ${amount} von ${total} erstattet.`,
    timing:
      'Die Erstattung geht an die verwendete Zahlungsart zurück; es kann einige Tage dauern, bis sie erscheint.',
  },
  reviewRequest: {
    subject: (shop) => `Wie war es? Schreiben Sie eine Bewertung bei ${shop}`,
    title: 'Haben Ihnen Ihre Artikel gefallen?',
    intro: 'Ihre Meinung hilft anderen Sammlern bei der Wahl. Es dauert nur zwei Minuten:',
    write: (title) => `„${title}“ bewerten`,
  },
  newsletterConfirm: {
    subject: (shop) => `Bestätigen Sie Ihr Newsletter-Abonnement bei ${shop}`,
    title: 'Abonnement bestätigen',
    intro: (shop) =>
      `danke für Ihre Anmeldung zum Newsletter von ${shop}! Sie erhalten Neuigkeiten zu Modellbau, Pokémon, Helmen, Lkw, Tuning und Panini. Bestätigen Sie das Abonnement mit der Schaltfläche unten.`,
    confirm: 'Abonnement bestätigen',
    ignore:
      'Wenn Sie sich nicht angemeldet haben, ignorieren Sie diese E-Mail: ohne Bestätigung erhalten Sie nichts.',
  },
  stockAlertConfirm: {
    subject: (article) => `Bestätigen Sie Ihre Benachrichtigung für „${article}“`,
    title: 'Benachrichtigung bestätigen',
    intro: (article, hours) =>
      `Sie möchten benachrichtigt werden, sobald „${article}“ wieder verfügbar ist. Bitte bestätigen Sie innerhalb von ${hours} Stunden über die Schaltfläche unten: ohne Bestätigung schreiben wir Ihnen nicht mehr.`,
    confirm: 'Benachrichtigung bestätigen',
    ignore: 'Wenn Sie das nicht angefordert haben, ignorieren Sie diese E-Mail: die Adresse wird gelöscht.',
    unsubscribe: 'Diese Benachrichtigung nicht mehr gewünscht? Abbestellen',
  },
  backInStock: {
    subject: (article) => `„${article}“ ist wieder verfügbar`,
    title: 'Wieder verfügbar',
    intro: (article) =>
      `„${article}“ ist wieder verfügbar. Wir schreiben Ihnen nur einmal: es gibt nur wenige Stück, wer zuerst bestellt, bekommt eines.`,
    view: 'Zum Artikel',
    once: 'Dies war Ihre einzige Benachrichtigung: Sie erhalten keine weiteren E-Mails zu diesem Artikel.',
  },
  newsletter: {
    unsubscribe: 'Sie möchten den Newsletter nicht mehr erhalten? Abmelden',
    token: 'Abmeldecode',
  },
  contactCopy: {
    subject: (shop) => `Wir haben Ihre Nachricht erhalten - ${shop}`,
    title: 'Nachricht erhalten',
    intro: 'danke für Ihre Nachricht: wir haben sie erhalten und antworten so bald wie möglich.',
    yourMessage: 'Ihre Nachricht',
  },
  reviewReply: {
    subject: (article) => `Wir haben auf Ihre Bewertung von „${article}“ geantwortet`,
    title: 'Antwort auf Ihre Bewertung',
    intro: (article) => `danke für Ihre Bewertung von „${article}“. Hier ist unsere Antwort:`,
    reply: 'Die Antwort des Shops',
  },
  passwordReset: {
    subject: (shop) => `Passwort bei ${shop} zurücksetzen`,
    title: 'Passwort zurücksetzen',
    intro: (shop) =>
      `wir haben eine Anfrage erhalten, das Passwort Ihres Kontos bei ${shop} zurückzusetzen. Wählen Sie mit der Schaltfläche unten ein neues Passwort.`,
    button: 'Neues Passwort wählen',
    validity: (until) => `Der Link gilt eine Stunde, bis ${until}, und funktioniert nur einmal.`,
    ignore:
      'Wenn Sie das nicht angefordert haben, ignorieren Sie diese E-Mail: Ihr Passwort bleibt unverändert.',
  },
  presale: {
    depositPaid: (amount) => `Anzahlung geleistet: ${amount}`,
    balance: (amount) => `Zu zahlender Restbetrag: ${amount}`,
    balanceSubject: (article) => `Eingetroffen: ${article}. Bitte Restbetrag zahlen`,
    balanceTitle: 'Ihr Artikel ist da',
    balanceIntro: (article) =>
      `„${article}“ ist beim Lieferanten eingetroffen und ein Exemplar ist für Sie reserviert. Um es zu erhalten, zahlen Sie den Restbetrag mit der Methode Ihrer Wahl.`,
    dueBy: (date) =>
      `Bitte zahlen Sie den Restbetrag bis zum ${date}: danach geht der Artikel an die nächste Person auf der Liste, wie es die Verkaufsbedingungen vorsehen.`,
    payButton: 'Restbetrag zahlen',
    shortSubject: (article) => `${article}: unvollständige Lieferung`,
    shortTitle: 'Unvollständige Lieferung',
    shortIntro: (article) =>
      `der Lieferant hat weniger „${article}“ geliefert als vorbestellt wurden, und es hat nicht für Ihre Bestellung gereicht.`,
    shortChoice:
      'Sie können auf die nächste Lieferung warten und Ihren Platz auf der Liste behalten oder Ihre Anzahlung zurückerhalten. Wählen Sie auf der Seite Ihrer Bestellung.',
    chooseButton: 'Auf der Bestellseite wählen',
    dateSubject: (article) => `${article}: neuer Erscheinungstermin`,
    dateTitle: 'Neuer Erscheinungstermin',
    dateIntro: (article, date) =>
      `der Erscheinungstermin von „${article}“ hat sich geändert: er ist jetzt für den ${date} vorgesehen. Ihre Bestellung und Ihre Anzahlung bleiben gültig.`,
    dateUnknown: (article) =>
      `der Erscheinungstermin von „${article}“ hat sich geändert und steht noch nicht fest: Wir schreiben Ihnen, sobald wir ihn kennen. Ihre Bestellung und Ihre Anzahlung bleiben gültig.`,
    lapsedSubject: (article) => `${article}: Restbetrag nicht erhalten`,
    lapsedTitle: 'Bestellung geschlossen',
    lapsedIntro: (article) =>
      `wir haben den Restbetrag für „${article}“ nicht bis zur Frist erhalten: Der Artikel ging an die nächste Person auf der Liste und Ihre Bestellung ist geschlossen.`,
    lapsedRefunded: (amount) =>
      `Wir erstatten Ihre Anzahlung von ${amount} über die Zahlungsmethode, mit der Sie sie geleistet haben.`,
    lapsedKept: (amount) =>
      `Wie in den Verkaufsbedingungen vorgesehen, verbleibt die Anzahlung von ${amount} beim Geschäft.`,
  },
};
