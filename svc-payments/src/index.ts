export { paymentsService } from './service';
