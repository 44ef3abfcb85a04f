import type { Strings } from './strings';

export const nl: Strings = {
  common: {
    greeting: (name) => `Hallo ${name},`,
    greetingNoName: 'Hallo,',
    signoff: 'Tot ziens,',
    order: 'Bestelling',
    date: 'Datum',
    quantity: 'Aantal',
    subtotal: 'Subtotaal',
    shipping: 'Verzending',
    shippingFree: 'gratis',
    discount: (code) => `Korting (${code})`,
    total: 'Totaal',
    payment: 'Betaling',
    methods: {
      transfer: 'Bankoverschrijving',
      card: 'Creditcard',
      stripe: 'Creditcard',
      paypal: 'PayPal',
      klarna: 'Klarna, 3 termijnen zonder rente',
      'klarna-now': 'Klarna, nu betalen',
      ebay: 'eBay',
    },
    questions: (phone) => `Vragen? Beantwoord deze e-mail of bel ons op ${phone}.`,
    backToShop: 'Terug naar de winkel',
    viewOrder: 'Bekijk je bestelling',
    legal: (shop) =>
      `U ontvangt deze e-mail vanwege een bestelling of verzoek bij ${shop}. Uw gegevens worden alleen gebruikt om die af te handelen.`,
  },
  orderReceived: {
    subject: (reference) => `Bestelling ${reference} ontvangen`,
    title: 'We hebben uw bestelling ontvangen',
    intro: (shop) => `bedankt voor uw bestelling bij ${shop}! Hier is het overzicht.`,
    transferTitle: 'Zo betaalt u per overschrijving',
    transferIntro: (amount) => `Maak om de bestelling af te ronden ${amount} over naar:`,
    holder: 'Rekeninghouder',
    iban: 'IBAN',
    bank: 'Bank',
    reason: 'Omschrijving',
    amount: 'Bedrag',
    dueBy: (date) =>
      `De overschrijving moet uiterlijk ${date} binnen zijn; daarna wordt de bestelling geannuleerd.`,
    demo: 'LET OP: dit is het demo-IBAN van de testwinkel, doe geen betaling.',
    afterTransfer: 'We verzenden de bestelling zodra we de overschrijving hebben ontvangen.',
  },
  paymentReceived: {
    subject: (reference) => `Betaling ontvangen, bestelling ${reference} bevestigd`,
    title: 'Betaling ontvangen, bestelling bevestigd',
    intro: (amount) => `we hebben uw betaling van ${amount} ontvangen: uw bestelling is bevestigd.`,
    transferIntro: 'we hebben uw overschrijving ontvangen: uw bestelling is bevestigd.',
    next: 'We schrijven u opnieuw zodra het pakket onderweg is.',
  },
  transferReminder: {
    subject: (reference) => `Herinnering: overschrijving voor bestelling ${reference}`,
    title: 'Uw overschrijving is nog niet binnen',
    intro: (date) =>
      `we hebben de overschrijving voor uw bestelling nog niet ontvangen. Als die niet uiterlijk ${date} binnen is, wordt de bestelling geannuleerd.`,
    ignore: 'Heeft u al betaald, negeer dan dit bericht: een overschrijving kan enkele dagen duren.',
  },
  transferExpired: {
    subject: (reference) => `Bestelling ${reference} geannuleerd: overschrijving niet ontvangen`,
    title: 'Bestelling geannuleerd',
    intro: (date) =>
      `we hebben de overschrijving niet uiterlijk ${date} ontvangen, daarom is uw bestelling geannuleerd en zijn de artikelen weer beschikbaar.`,
    again: 'Wilt u de artikelen nog steeds, dan kunt u opnieuw bestellen op onze website.',
  },
  paymentFailed: {
    subject: (reference) => `Betaling mislukt voor bestelling ${reference}`,
    title: 'De betaling is niet gelukt',
    declined: 'de betaling van uw bestelling is geweigerd. Er is niets afgeschreven.',
    expired:
      'de tijd om uw bestelling te betalen is verstreken, daarom is de bestelling geannuleerd. Er is niets afgeschreven.',
    again: 'U kunt het opnieuw proberen in onze winkel, ook met een andere betaalmethode.',
  },
  shipped: {
    subject: (reference) => `Uw bestelling ${reference} is verzonden`,
    title: 'Uw bestelling is onderweg',
    intro: 'uw bestelling is aan de vervoerder overgedragen.',
    carrier: 'Vervoerder',
    trackingNumber: 'Trackingnummer',
    track: 'Volg de zending',
  },
  delivered: {
    subject: (reference) => `Uw bestelling ${reference} is bezorgd`,
    title: 'Bestelling bezorgd',
    intro: 'uw bestelling is bezorgd. We hopen dat u er blij mee bent!',
  },
  cancelled: {
    subject: (reference) => `Uw bestelling ${reference} is geannuleerd`,
    title: 'Bestelling geannuleerd',
    intro: 'uw bestelling is geannuleerd.',
    refundFollows: 'Had u al betaald, dan ontvangt u de terugbetaling met een volgende e-mail.',
  },
  refunded: {
    subject: (reference) => `Terugbetaling voor bestelling ${reference}`,
    title: 'Terugbetaling uitgevoerd',
    intro: (amount) => `we hebben u ${amount} terugbetaald.`,
    partial: (amount, total) =>
      `Dit is een gedeeltelijke terugbetaling: tot nu toe hebben we ${amount} van ${total} terugbetaald.`,
    timing:
      'De terugbetaling gaat naar de gebruikte betaalmethode; het kan enkele dagen duren voordat die zichtbaar is.',
  },
  reviewRequest: {
    subject: (shop) => `Hoe was het? Schrijf een review bij ${shop}`,
    title: 'Bevallen uw artikelen?',
    intro: 'uw mening helpt andere verzamelaars kiezen. Het kost maar twee minuten:',
    write: (title) => `Beoordeel „${title}”`,
  },
  newsletterConfirm: {
    subject: (shop) => `Bevestig uw inschrijving op de nieuwsbrief van ${shop}`,
    title: 'Bevestig uw inschrijving',
    intro: (shop) =>
      `bedankt voor uw inschrijving op de nieuwsbrief van ${shop}! U ontvangt nieuws over modelbouw, Pokémon, helmen, trucks, tuning en Panini. Bevestig de inschrijving met de knop hieronder.`,
    confirm: 'Inschrijving bevestigen',
    ignore: 'Heeft u zich niet ingeschreven, negeer dan deze e-mail: zonder bevestiging ontvangt u niets.',
  },
  stockAlertConfirm: {
    subject: (article) => `Bevestig uw melding voor ‘${article}’`,
    title: 'Bevestig uw melding',
    intro: (article, hours) =>
      `u wilt bericht krijgen zodra ‘${article}’ weer op voorraad is. Bevestig binnen ${hours} uur met de knop hieronder: zonder bevestiging schrijven we u niet meer.`,
    confirm: 'Melding bevestigen',
    ignore: 'Heeft u dit niet gevraagd? Negeer dan deze e-mail: het adres wordt verwijderd.',
    unsubscribe: 'Wilt u deze melding niet meer? Annuleren',
  },
  backInStock: {
    subject: (article) => `‘${article}’ is weer op voorraad`,
    title: 'Weer op voorraad',
    intro: (article) =>
      `‘${article}’ is weer verkrijgbaar. We schrijven u maar één keer: er zijn weinig stuks, wie het eerst bestelt krijgt er een.`,
    view: 'Naar het artikel',
    once: 'Dit was uw enige melding: u krijgt geen e-mails meer over dit artikel.',
  },
  newsletter: {
    unsubscribe: 'Wilt u de nieuwsbrief niet meer ontvangen? Uitschrijven',
    token: 'Uitschrijfcode',
  },
  contactCopy: {
    subject: (shop) => `We hebben uw bericht ontvangen - ${shop}`,
    title: 'Bericht ontvangen',
    intro: 'bedankt voor uw bericht: we hebben het ontvangen en antwoorden zo snel mogelijk.',
    yourMessage: 'Uw bericht',
  },
  reviewReply: {
    subject: (article) => `We hebben gereageerd op uw review van „${article}”`,
    title: 'Reactie op uw review',
    intro: (article) => `bedankt voor uw review van „${article}”. Hier is onze reactie:`,
    reply: 'De reactie van de winkel',
  },
  passwordReset: {
    subject: (shop) => `Stel uw wachtwoord bij ${shop} opnieuw in`,
    title: 'Wachtwoord opnieuw instellen',
    intro: (shop) =>
      `we hebben een verzoek ontvangen om het wachtwoord van uw account bij ${shop} opnieuw in te stellen. Kies een nieuw wachtwoord met de knop hieronder.`,
    button: 'Nieuw wachtwoord kiezen',
    validity: (until) => `De link is een uur geldig, tot ${until}, en werkt maar één keer.`,
    ignore: 'Heeft u dit niet aangevraagd? Negeer dan deze e-mail: uw wachtwoord blijft ongewijzigd.',
  },
  presale: {
    depositPaid: (amount) => `Aanbetaling voldaan: ${amount}`,
    balance: (amount) => `Nog te betalen: ${amount}`,
    balanceSubject: (article) => `Binnengekomen: ${article}. Betaal het restbedrag`,
    balanceTitle: 'Je artikel is binnen',
    balanceIntro: (article) =>
      `‘${article}’ is binnengekomen bij de leverancier en er ligt er een voor je klaar. Betaal het restbedrag met de methode die je wilt om het te ontvangen.`,
    dueBy: (date) =>
      `Betaal het restbedrag uiterlijk ${date}: daarna gaat het artikel naar de volgende op de lijst, zoals de verkoopvoorwaarden zeggen.`,
    payButton: 'Restbedrag betalen',
    shortSubject: (article) => `${article}: onvolledige levering`,
    shortTitle: 'Onvolledige levering',
    shortIntro: (article) =>
      `de leverancier heeft minder ‘${article}’ geleverd dan er zijn gereserveerd, en dat was niet genoeg voor jouw bestelling.`,
    shortChoice:
      'Je kunt op de volgende levering wachten en je plaats op de lijst houden, of je aanbetaling terugkrijgen. Kies op de pagina van je bestelling.',
    chooseButton: 'Kiezen op de bestelpagina',
    dateSubject: (article) => `${article}: nieuwe verschijningsdatum`,
    dateTitle: 'Nieuwe verschijningsdatum',
    dateIntro: (article, date) =>
      `de verschijningsdatum van ‘${article}’ is gewijzigd: die is nu ${date}. Je bestelling en je aanbetaling blijven geldig.`,
    dateUnknown: (article) =>
      `de verschijningsdatum van ‘${article}’ is gewijzigd en nog niet bevestigd: we schrijven je zodra we die weten. Je bestelling en je aanbetaling blijven geldig.`,
    lapsedSubject: (article) => `${article}: restbedrag niet ontvangen`,
    lapsedTitle: 'Bestelling gesloten',
    lapsedIntro: (article) =>
      `we hebben het restbedrag voor ‘${article}’ niet op tijd ontvangen: het artikel is naar de volgende op de lijst gegaan en je bestelling is gesloten.`,
    lapsedRefunded: (amount) =>
      `We betalen je aanbetaling van ${amount} terug via de methode waarmee je die betaalde.`,
    lapsedKept: (amount) =>
      `Zoals de verkoopvoorwaarden zeggen, blijft de aanbetaling van ${amount} bij de winkel.`,
  },
};
