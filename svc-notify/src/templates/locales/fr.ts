import type { Strings } from './strings';

export const fr: Strings = {
  common: {
    greeting: (name) => `Bonjour ${name},`,
    greetingNoName: 'Bonjour,',
    signoff: 'À bientôt,',
    order: 'Commande',
    date: 'Date',
    quantity: 'Quantité',
    subtotal: 'Sous-total',
    shipping: 'Livraison',
    shippingFree: 'gratuite',
    discount: (code) => `Réduction (${code})`,
    total: 'Total',
    payment: 'Paiement',
    methods: {
      transfer: 'Virement bancaire',
      card: 'Carte de crédit',
      stripe: 'Carte de crédit',
      paypal: 'PayPal',
      klarna: 'Klarna, 3 versements sans frais',
      'klarna-now': 'Klarna, payer maintenant',
      ebay: 'eBay',
    },
    questions: (phone) => `Pour toute question, répondez à cet e-mail ou appelez-nous au ${phone}.`,
    backToShop: 'Retour à la boutique',
    viewOrder: 'Voir votre commande',
    legal: (shop) =>
      `Vous recevez cet e-mail suite à une commande ou une demande faite sur ${shop}. Vos données servent uniquement à les traiter.`,
  },
  orderReceived: {
    subject: (reference) => `Commande ${reference} reçue`,
    title: 'Nous avons reçu votre commande',
    intro: (shop) => `merci pour votre commande sur ${shop} ! Voici le récapitulatif.`,
    transferTitle: 'Comment payer par virement',
    transferIntro: (amount) => `Pour finaliser la commande, effectuez un virement de ${amount} à :`,
    holder: 'Titulaire',
    iban: 'IBAN',
    bank: 'Banque',
    reason: 'Motif',
    amount: 'Montant',
    dueBy: (date) => `Le virement doit arriver avant le ${date} ; sinon la commande est annulée.`,
    demo: "ATTENTION : ceci est l'IBAN de démonstration de la boutique de test, n'effectuez aucun paiement.",
    afterTransfer: 'Nous expédierons la commande dès réception du virement.',
  },
  paymentReceived: {
    subject: (reference) => `Paiement reçu, commande ${reference} confirmée`,
    title: 'Paiement reçu, commande confirmée',
    intro: (amount) => `nous avons reçu votre paiement de ${amount} : votre commande est confirmée.`,
    transferIntro: 'nous avons reçu votre virement : votre commande est confirmée.',
    next: 'Nous vous écrirons de nouveau quand le colis sera parti.',
  },
  transferReminder: {
    subject: (reference) => `Rappel : virement pour la commande ${reference}`,
    title: "Votre virement n'est pas encore arrivé",
    intro: (date) =>
      `nous n'avons pas encore reçu le virement pour votre commande. S'il n'arrive pas avant le ${date}, la commande sera annulée.`,
    ignore: 'Si vous avez déjà payé, ignorez ce message : un virement peut prendre quelques jours.',
  },
  transferExpired: {
    subject: (reference) => `Commande ${reference} annulée : virement non reçu`,
    title: 'Commande annulée',
    intro: (date) =>
      `nous n'avons pas reçu le virement avant le ${date} : votre commande a été annulée et les articles sont de nouveau disponibles.`,
    again:
      'Si vous souhaitez toujours ces articles, vous pouvez passer une nouvelle commande sur notre site.',
  },
  paymentFailed: {
    subject: (reference) => `Échec du paiement de la commande ${reference}`,
    title: "Le paiement n'a pas abouti",
    declined: 'le paiement de votre commande a été refusé. Rien ne vous a été débité.',
    expired:
      'le délai pour payer votre commande est écoulé, la commande a donc été annulée. Rien ne vous a été débité.',
    again: 'Vous pouvez réessayer depuis notre boutique, aussi avec un autre moyen de paiement.',
  },
  shipped: {
    subject: (reference) => `Votre commande ${reference} a été expédiée`,
    title: 'Votre commande est en route',
    intro: 'votre commande a été confiée au transporteur.',
    carrier: 'Transporteur',
    trackingNumber: 'Numéro de suivi',
    track: 'Suivre le colis',
  },
  delivered: {
    subject: (reference) => `Votre commande ${reference} a été livrée`,
    title: 'Commande livrée',
    intro: 'votre commande a été livrée. Nous espérons qu’elle vous plaira !',
  },
  cancelled: {
    subject: (reference) => `Votre commande ${reference} a été annulée`,
    title: 'Commande annulée',
    intro: 'votre commande a été annulée.',
    refundFollows: 'Si vous l’aviez déjà payée, vous recevrez le remboursement avec un prochain e-mail.',
  },
  refunded: {
    subject: (reference) => `Remboursement de la commande ${reference}`,
    title: 'Remboursement effectué',
    intro: (amount) => `nous vous avons remboursé ${amount}.`,
    partial: (amount, total) =>
      `Il s'agit d'un remboursement partiel : nous vous avons remboursé jusqu'ici ${amount} sur ${total}.`,
    timing:
      'Le remboursement revient sur le moyen de paiement utilisé ; il peut mettre quelques jours à apparaître.',
  },
  reviewRequest: {
    subject: (shop) => `Comment ça s'est passé ? Laissez un avis sur ${shop}`,
    title: 'Vos articles vous ont-ils plu ?',
    intro: "votre avis aide d'autres passionnés à choisir. Deux minutes suffisent :",
    write: (title) => `Donner un avis sur « ${title} »`,
  },
  newsletterConfirm: {
    subject: (shop) => `Confirmez votre inscription à la newsletter de ${shop}`,
    title: 'Confirmez votre inscription',
    intro: (shop) =>
      `merci de vous être inscrit à la newsletter de ${shop} ! Vous recevrez les nouveautés modélisme, Pokémon, casques, camions, tuning et Panini. Confirmez votre inscription avec le bouton ci-dessous.`,
    confirm: "Confirmer l'inscription",
    ignore: "Si ce n'est pas vous, ignorez cet e-mail : sans confirmation vous ne recevrez rien.",
  },
  stockAlertConfirm: {
    subject: (article) => `Confirmez votre alerte pour « ${article} »`,
    title: 'Confirmez votre alerte',
    intro: (article, hours) =>
      `vous avez demandé à être prévenu quand « ${article} » sera de nouveau disponible. Confirmez avec le bouton ci-dessous dans les ${hours} heures : sans confirmation, nous ne vous écrirons plus.`,
    confirm: "Confirmer l'alerte",
    ignore: "Si vous n'êtes pas à l'origine de cette demande, ignorez cet e-mail : l'adresse sera supprimée.",
    unsubscribe: 'Vous ne voulez plus de cette alerte ? Annulez-la',
  },
  backInStock: {
    subject: (article) => `« ${article} » est de nouveau disponible`,
    title: 'De nouveau disponible',
    intro: (article) =>
      `« ${article} » est de nouveau disponible. Nous ne vous écrivons qu'une fois : les unités sont peu nombreuses, le premier à commander est servi.`,
    view: "Voir l'article",
    once: "C'était votre seule alerte : vous ne recevrez plus d'e-mails pour cet article.",
  },
  newsletter: {
    unsubscribe: 'Vous ne voulez plus recevoir la newsletter ? Désinscrivez-vous',
    token: 'Code de désinscription',
  },
  contactCopy: {
    subject: (shop) => `Nous avons reçu votre message - ${shop}`,
    title: 'Message reçu',
    intro: 'merci de nous avoir écrit : nous avons reçu votre message et vous répondrons au plus vite.',
    yourMessage: 'Votre message',
  },
  reviewReply: {
    subject: (article) => `Nous avons répondu à votre avis sur « ${article} »`,
    title: 'Réponse à votre avis',
    intro: (article) => `merci pour votre avis sur « ${article} ». Voici notre réponse :`,
    reply: 'La réponse de la boutique',
  },
  passwordReset: {
    subject: (shop) => `Réinitialisez votre mot de passe sur ${shop}`,
    title: 'Réinitialiser le mot de passe',
    intro: (shop) =>
      `nous avons reçu une demande de réinitialisation du mot de passe de votre compte sur ${shop}. Choisissez un nouveau mot de passe avec le bouton ci-dessous.`,
    button: 'Choisir un nouveau mot de passe',
    validity: (until) => `Le lien est valable une heure, jusqu'au ${until}, et ne fonctionne qu'une fois.`,
    ignore:
      "Si vous n'êtes pas à l'origine de cette demande, ignorez cet e-mail : votre mot de passe reste inchangé.",
  },
  presale: {
    depositPaid: (amount) => `Acompte versé : ${amount}`,
    balance: (amount) => `Solde à payer : ${amount}`,
    balanceSubject: (article) => `C’est arrivé : ${article}. Payez le solde`,
    balanceTitle: 'Votre article est arrivé',
    balanceIntro: (article) =>
      `« ${article} » est arrivé de chez le fournisseur et un exemplaire vous est réservé. Pour le recevoir, payez le solde avec le moyen de votre choix.`,
    dueBy: (date) =>
      `Payez le solde avant le ${date} : passé cette date, l’article revient à la personne suivante sur la liste, comme le prévoient les conditions de vente.`,
    payButton: 'Payer le solde',
    shortSubject: (article) => `${article} : livraison incomplète`,
    shortTitle: 'Livraison incomplète',
    shortIntro: (article) =>
      `le fournisseur a livré moins de « ${article} » que de précommandes, et cela n’a pas suffi pour votre commande.`,
    shortChoice:
      'Vous pouvez attendre la prochaine livraison en gardant votre place sur la liste, ou récupérer votre acompte. Choisissez sur la page de votre commande.',
    chooseButton: 'Choisir sur la page de la commande',
    dateSubject: (article) => `${article} : la date de sortie change`,
    dateTitle: 'Nouvelle date de sortie',
    dateIntro: (article, date) =>
      `la date de sortie de « ${article} » a changé : elle est maintenant prévue le ${date}. Votre commande et votre acompte restent valables.`,
    dateUnknown: (article) =>
      `la date de sortie de « ${article} » a changé et n’est pas encore confirmée : nous vous écrirons dès que nous la connaîtrons. Votre commande et votre acompte restent valables.`,
    lapsedSubject: (article) => `${article} : solde non reçu`,
    lapsedTitle: 'Commande clôturée',
    lapsedIntro: (article) =>
      `nous n’avons pas reçu le solde de « ${article} » avant l’échéance : l’article est passé à la personne suivante sur la liste et votre commande est clôturée.`,
    lapsedRefunded: (amount) =>
      `Nous vous remboursons l’acompte de ${amount} par le moyen avec lequel vous l’avez payé.`,
    lapsedKept: (amount) =>
      `Comme le prévoient les conditions de vente, l’acompte de ${amount} reste acquis à la boutique.`,
  },
};
