export { paymentModesOf, paymentsService } from './service';
export { methodModes, type PaymentModes } from './providers/mode';
