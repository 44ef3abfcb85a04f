/** Approved demo reviews, so the home page shows customers' words on first start. */
export interface DemoReview {
  sku: string;
  rating: number;
  title: string;
  comment: string;
  customer_name: string;
  customer_email: string;
  days_ago: number;
  helpful_count: number;
  reply?: string;
}

export const DEMO_REVIEWS: DemoReview[] = [
  {
    sku: 'F1-SF24-LEC-18',
    rating: 5,
    title: 'Dettagli incredibili',
    comment:
      'La livrea di Monaco è riprodotta alla perfezione e la teca protegge bene il modello. Spedizione veloce e imballo curato.',
    customer_name: 'Gennaro R.',
    customer_email: 'gennaro.demo@example.it',
    days_ago: 2,
    helpful_count: 4,
    reply: 'Grazie Gennaro! Forza Ferrari, ti aspettiamo in negozio.',
  },
  {
    sku: 'PKM-151-BUST',
    rating: 5,
    title: 'Trovato un Mew ex!',
    comment: 'Bustine originali e sigillate, prezzo onesto. Tornerò sicuramente per le prossime espansioni.',
    customer_name: 'Chiara M.',
    customer_email: 'chiara.demo@example.it',
    days_ago: 4,
    helpful_count: 2,
  },
  {
    sku: 'HLM-LEC-24-12',
    rating: 4,
    title: 'Bellissimo in vetrina',
    comment: 'Casco replica molto fedele, colori vivi. Avrei preferito un espositore un po’ più robusto.',
    customer_name: 'Salvatore E.',
    customer_email: 'salvatore.demo@example.it',
    days_ago: 7,
    helpful_count: 1,
  },
  {
    sku: 'PAN-CALC-2526',
    rating: 5,
    title: 'Come da bambino',
    comment: 'Album arrivato perfetto, senza pieghe. Con mio figlio abbiamo già attaccato le prime figurine!',
    customer_name: 'Anna P.',
    customer_email: 'anna.demo@example.it',
    days_ago: 9,
    helpful_count: 3,
  },
  {
    sku: 'TRK-IVE-TURBO',
    rating: 5,
    title: 'Un pezzo di storia',
    comment: 'Il TurboStar che guidava mio padre, identico. Cabina e semirimorchio rifiniti molto bene.',
    customer_name: 'Vincenzo D.',
    customer_email: 'vincenzo.demo@example.it',
    days_ago: 12,
    helpful_count: 5,
  },
  {
    sku: 'TUN-SUPRA-MK4',
    rating: 4,
    title: 'Ottimo rapporto qualità/prezzo',
    comment: 'Bel modello in scala 1:24, arancione brillante. Le portiere si aprono bene.',
    customer_name: 'Luca F.',
    customer_email: 'luca.demo@example.it',
    days_ago: 15,
    helpful_count: 0,
  },
  {
    sku: 'F1-SF24-LEC-18',
    rating: 5,
    title: 'Regalo riuscito',
    comment:
      'Regalato a mio marito per il compleanno: felicissimo. Personale gentile e disponibile al telefono.',
    customer_name: 'Francesca T.',
    customer_email: 'francesca.demo@example.it',
    days_ago: 20,
    helpful_count: 2,
  },
];
